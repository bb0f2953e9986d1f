import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedPricedProduct } from '../src/catalogue/productLookup';
import type { Db, Queryable } from '../src/db/Db';
import { openDb } from '../src/db/openDb';
import { seedData } from '../src/seed/data/index';
import { seed } from '../src/seed/seed';

let db: Db;
beforeAll(async () => {
  db = await openDb({ dataDir: 'memory' });
  await seed(db, seedData);
});
afterAll(async () => {
  await db?.close();
});

/** The real database, counting the statements sent to it (each test gets its own identity: its own cache). */
function counted(): { queries: () => number; db: Queryable } {
  let count = 0;
  const wrapped: Queryable = {
    identity: {},
    query: (sql, params) => {
      count += 1;
      return db.query(sql, params);
    },
  } as Queryable;
  return { queries: () => count, db: wrapped };
}

// DESIGN 7: every add looks its product up; a burst of adds for one product (or an expired entry under load) must
// not become a burst of identical reads.
describe('product price lookup cache', () => {
  it('lets concurrent lookups of one product share one read, then answers from memory', async () => {
    const { queries, db: spy } = counted();
    const burst = await Promise.all(Array.from({ length: 25 }, () => cachedPricedProduct(spy, 'KZH-001')));
    expect(queries()).toBe(1);
    expect(new Set(burst.map((product) => product?.priceCents)).size).toBe(1);
    expect(burst[0]).toMatchObject({ lineId: 'KZH-001' });
    await cachedPricedProduct(spy, ' KZH-001 ');
    expect(queries()).toBe(1);
  });

  it('does not keep unknown ids, and a failed read does not stick', async () => {
    const { queries, db: spy } = counted();
    expect(await cachedPricedProduct(spy, 'NOPE-404')).toBeNull();
    expect(await cachedPricedProduct(spy, 'NOPE-404')).toBeNull();
    expect(queries()).toBe(2);
    const failing = {
      identity: {},
      query: () => Promise.reject(new Error('database gone')),
    } as unknown as Queryable;
    await expect(cachedPricedProduct(failing, 'KZH-001')).rejects.toThrow('database gone');
    await expect(cachedPricedProduct(failing, 'KZH-001')).rejects.toThrow('database gone');
  });
});
