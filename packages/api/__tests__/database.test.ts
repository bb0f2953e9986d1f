import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths } from '@lp/sdk/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createApi, loadConfig, startApi } from '../src/index';
import { migrate } from '../src/db/migrate';
import { createPgliteDb } from '../src/db/pgliteDb';
import { seedData } from '../src/seed/data/index';
import { seed } from '../src/seed/seed';
import { addBody, addItem, makeApi } from './support/testApi';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lp-db-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('migrations and seed', () => {
  it('seed once', async () => {
    const db = await createPgliteDb('memory');
    await migrate(db);
    expect(await seed(db, seedData)).toBe(true);
    expect(await seed(db, seedData)).toBe(false);
    const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
    expect(count!.n).toBe(seedData.products.length);
    await db.close();
  });

  it('keeps carts in the data folder across restarts', async () => {
    const dataDir = tempDir();
    const first = await makeApi({ dataDir, uploadDir: tempDir() });
    const cart = await addItem(first, addBody('KZH-001', 2));
    await first.close();
    const second = await makeApi({ dataDir, uploadDir: tempDir() });
    const res = await second.inject({
      method: 'GET',
      url: paths.cart.get,
      headers: { CartGuid: cart.cartGuid! },
    });
    expect(JSON.parse(res.body)).toMatchObject({ cartGuid: cart.cartGuid, totalAmount: 9.8 });
    await second.close();
  });
});

describe('rate-limit defaults', () => {
  it('limits mutations by default on a real data folder, not on a throwaway in-memory database', async () => {
    const onDisk = await createApi({ dataDir: tempDir(), uploadDir: tempDir() });
    const memory = await createApi({ dataDir: 'memory' });
    try {
      const body = addBody('KZH-001');
      const limited = await onDisk.inject({ method: 'POST', url: paths.cart.addItem, payload: body });
      expect(limited.headers['x-ratelimit-limit']).toBe('120');
      const free = await memory.inject({ method: 'POST', url: paths.cart.addItem, payload: body });
      expect(free.statusCode).toBe(200);
      expect(free.headers['x-ratelimit-limit']).toBeUndefined();
      // Money is stored as integer cents.
      const [row] = await memory.db.query<{ price_cents: number }>(
        "SELECT price_cents FROM products WHERE unique_id = 'OOO-001'",
      );
      expect(row!.price_cents).toBe(4995);
    } finally {
      await onDisk.close();
      await memory.close();
    }
  });
});

describe('startApi', () => {
  it('listens on a random port on 127.0.0.1 and answers over real HTTP', async () => {
    const api = await startApi({ port: 0, dataDir: 'memory', rateLimit: false });
    try {
      expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(`${api.url}${paths.business.company}?alias=lp-de`, {
        headers: { origin: 'http://localhost:3000' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
      expect(await res.json()).toMatchObject({ UniqueId: 1001 });
    } finally {
      await api.close();
    }
  });
});

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    // Errors and warnings are logged without LOG (operatorStart.test.ts); LOG=1 adds the request lines.
    expect(config).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      logger: { level: 'warn' },
    });
    expect(config.dataDir).toMatch(/\.data[\\/]pglite$/);
    expect(config.uploadDir).toMatch(/\.data[\\/]uploads$/);
    expect(config.corsOrigins).toContain('http://localhost:3000');
    expect(config.rateLimit).toEqual({ max: 120, searchMax: 60, timeWindowMs: 60_000 });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/lp',
      DATABASE_URL: 'postgres://u:p@db/lp',
      CORS_ORIGINS: 'https://shop.example, https://dealer.example',
      PUBLIC_URL: 'https://api.example',
      RATE_LIMIT_MAX: '0',
      UPLOAD_DIR: '/var/lib/lp-uploads',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/lp',
      databaseUrl: 'postgres://u:p@db/lp',
      corsOrigins: ['https://shop.example', 'https://dealer.example'],
      publicUrl: 'https://api.example',
      rateLimit: false,
      uploadDir: '/var/lib/lp-uploads',
    });
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ RATE_LIMIT_MAX: '-1' }, /RATE_LIMIT_MAX/],
    [{ CORS_ORIGINS: 'https://shop.example/path' }, /bare origin/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
