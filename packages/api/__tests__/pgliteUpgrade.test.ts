import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cart } from '@lp/sdk/contract';
import { PGlite as PreviousPglite, type Transaction } from 'pglite-pg17';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { addItem } from '../src/cart/cartService';
import type { Db, Queryable } from '../src/db/Db';
import { migrate } from '../src/db/migrate';
import { createPgliteDb } from '../src/db/pgliteDb';
import { seedData } from '../src/seed/data/index';
import { seed } from '../src/seed/seed';
import { addBody, call, makeApi, plateAttributes } from './support/testApi';

// Issue 9: existing data folders keep working. PGlite 0.5 runs PostgreSQL 18, which cannot read the PostgreSQL 17
// folders that earlier versions of this API wrote (PGlite 0.3); the API upgrades such a folder when it opens it.
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lp-pglite-upgrade-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** How many carts the folder holds, read by the current API's database layer (which upgrades it first). */
async function cartsIn(dataDir: string): Promise<number | undefined> {
  const db = await createPgliteDb(dataDir);
  try {
    const [row] = await db.query<{ carts: number }>('SELECT count(*)::int AS carts FROM carts');
    return row?.carts;
  } finally {
    await db.close();
  }
}

const major = (dataDir: string) => readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim();

/** The previous PGlite as the API's Db, so the API's own migrations, seed and cart code write the old folder. */
function previousDb(pg: PreviousPglite): Db {
  const identity = {};
  const queryable = (q: PreviousPglite | Transaction): Queryable => ({
    identity,
    query: async <T>(sql: string, params?: readonly unknown[]) =>
      (await q.query(sql, params ? [...params] : undefined)).rows as T[],
    exec: async (sql: string) => {
      await q.exec(sql);
    },
  });
  return {
    ...queryable(pg),
    kind: 'pglite',
    transaction: (fn) => pg.transaction((tx) => fn(queryable(tx))),
    close: () => pg.close(),
  } as Db;
}

/** A folder as the previous API left it: its schema, the demo shop, and one shopper's cart. */
async function previousShopFolder(dataDir: string): Promise<Cart> {
  const previous = await PreviousPglite.create(dataDir);
  try {
    const db = previousDb(previous);
    await migrate(db);
    await seed(db, seedData);
    return await addItem(db, undefined, addBody('KFZ-001-520x110-STD', 2, plateAttributes('M-UC 2026')));
  } finally {
    await previous.close();
  }
}

describe('a data folder written by PGlite 0.3 (PostgreSQL 17)', () => {
  it("opens with the shopper's cart as it was, and keeps the old files beside it", async () => {
    const dataDir = join(tempDir(), 'data');
    const before = await previousShopFolder(dataDir);
    expect(major(dataDir)).toBe('17');

    const cartGuid = String(before.cartGuid);
    const api = await makeApi({ dataDir });
    try {
      const after = await call(api, 'GET', '/api/Cart/getCart', { cartGuid });
      expect(after.status).toBe(200);
      expect(after.body).toEqual(before);
      // The schema came across at its version: a new add works on it and merges into the same line.
      const merged = await call(api, 'POST', '/api/Cart/addCartItem', {
        cartGuid,
        body: addBody('KFZ-001-520x110-STD', 1, plateAttributes('M-UC 2026')),
      });
      expect(merged.status).toBe(200);
      expect((merged.body as Cart).items?.map((line) => line.quantity)).toEqual([3]);
    } finally {
      await api.close();
    }
    expect(major(dataDir)).toBe('18');
    expect(major(`${dataDir}.pg17`)).toBe('17');
    expect(existsSync(`${dataDir}.pg18-upgrade`)).toBe(false);
    // Session 23: both hold the customers' data, and PGlite's files are 0666: the folders are the owner's alone.
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(`${dataDir}.pg17`).mode & 0o777).toBe(0o700);
  });

  it('upgrades once: a second start opens the upgraded folder as it is', async () => {
    const dataDir = join(tempDir(), 'data');
    await previousShopFolder(dataDir);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(await cartsIn(dataDir)).toBe(1);
      expect(await cartsIn(dataDir)).toBe(1);
      expect(warn.mock.calls.map(([line]) => String(line))).toEqual([
        expect.stringContaining(`Upgraded the data folder ${dataDir} from PostgreSQL 17`),
      ]);
    } finally {
      warn.mockRestore();
    }
    expect(existsSync(`${dataDir}.pg17-2`)).toBe(false);
  });

  it('finishes an upgrade that stopped between swapping the folders', async () => {
    const dataDir = join(tempDir(), 'data');
    await previousShopFolder(dataDir);
    await (await createPgliteDb(dataDir)).close();
    // As if the process ended after moving the old folder away but before moving the new one in.
    renameSync(dataDir, `${dataDir}.pg18-upgrade`);
    expect(await cartsIn(dataDir)).toBe(1);
    expect(existsSync(`${dataDir}.pg18-upgrade`)).toBe(false);
  });

  it('refuses a folder of a PostgreSQL version it cannot upgrade, and says what to do', async () => {
    const dataDir = join(tempDir(), 'data');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'PG_VERSION'), '16\n');
    await expect(createPgliteDb(dataDir)).rejects.toThrow(/PostgreSQL 16 files.*move the folder away/);
    expect(major(dataDir)).toBe('16');
  });
});
