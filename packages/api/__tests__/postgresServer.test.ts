import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cart } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { createApi } from '../src/index';
import { addBody, addItem, call, createTestDatabase, makeApi } from './support/testApi';

const server = process.env.TEST_DATABASE_URL;

// DESIGN 6: the suite runs against PGlite and against a PostgreSQL server (scripts/withPostgres.mjs sets
// TEST_DATABASE_URL). These checks only mean something on a server.
describe.runIf(server)('on a PostgreSQL server (TEST_DATABASE_URL)', () => {
  it('really runs the suite on the server', async () => {
    const api = await makeApi();
    try {
      expect((await call(api, 'GET', '/health')).body).toEqual({ status: 'ok', database: 'pg' });
    } finally {
      await api.close();
    }
  });

  it('loses no add when two API processes share one database', async () => {
    const database = await createTestDatabase(server!);
    const uploadDir = mkdtempSync(join(tmpdir(), 'lp-uploads-'));
    // Two stateless API instances on one server (DESIGN 6), started together: migrations and seed serialise.
    const [a, b] = await Promise.all(
      [0, 1].map(() => createApi({ databaseUrl: database.url, rateLimit: false, uploadDir })),
    );
    try {
      const { cartGuid } = await addItem(a!, addBody('KZH-001'));
      const adds = Array.from({ length: 30 }, (_, i) =>
        addItem(i % 2 ? a! : b!, addBody('KZH-001', 2), cartGuid!),
      );
      await Promise.all(adds);
      const cart = (await call(b!, 'GET', paths.cart.get, { cartGuid: cartGuid! })).body as Cart;
      expect(cart.items).toHaveLength(1);
      expect(cart.items?.[0]?.quantity).toBe(61);
      const [products] = await a!.db.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
      const [seeded] = await b!.db.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
      expect(products!.n).toBe(seeded!.n);
    } finally {
      await Promise.all([a!.close(), b!.close()]);
      await database.drop();
      rmSync(uploadDir, { recursive: true, force: true });
    }
  });
});
