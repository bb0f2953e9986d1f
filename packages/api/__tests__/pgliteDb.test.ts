import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/Db';
import { createPgliteDb } from '../src/db/pgliteDb';

// DESIGN 7: the embedded database runs on its own thread; every call is a message. It must behave exactly like
// PGlite in the API's thread: PostgreSQL's errors, one transaction at a time, nothing lost in between.
let db: Db;
beforeAll(async () => {
  db = await createPgliteDb('memory');
  await db.exec('CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL, meta jsonb)');
});
afterAll(() => db.close());

describe('the database thread', () => {
  it('answers rows with their types: numbers, text, JSON, dates', async () => {
    const [row] = await db.query<{ n: number; t: string; j: unknown; d: Date }>(
      'SELECT 41 + $1::int AS n, $2::text AS t, $3::jsonb AS j, now() AS d',
      [1, 'Grüße "zitiert" \\ ', JSON.stringify({ a: [1, 'zwei'] })],
    );
    expect(row).toMatchObject({ n: 42, t: 'Grüße "zitiert" \\ ', j: { a: [1, 'zwei'] } });
    expect(row!.d).toBeInstanceOf(Date);
  });

  it("reports PostgreSQL's error with its code and stays usable", async () => {
    const error = await db.query('SELECT nope FROM notes').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ message: 'column "nope" does not exist', code: '42703' });
    const wrongType = await db
      .query('SELECT $1::int', ['zwölf'])
      .catch((e: Error & { code?: string }) => e.code);
    expect(wrongType).toBe('22P02');
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('commits a transaction, and rolls back everything of one that throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO notes (body) VALUES ($1)', ['kept']);
    });
    const thrown = await db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO notes (body) VALUES ($1)', ['dropped']);
        throw new Error('changed my mind');
      })
      .catch((e: Error) => e.message);
    expect(thrown).toBe('changed my mind');
    const failing = await db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO notes (body) VALUES ($1)', ['dropped too']);
        await tx.query('INSERT INTO notes (body) VALUES (NULL)');
      })
      .catch((e: Error & { code?: string }) => e.code);
    expect(failing).toBe('23502');
    const bodies = (await db.query<{ body: string }>('SELECT body FROM notes ORDER BY id')).map(
      (r) => r.body,
    );
    expect(bodies).toEqual(['kept']);
  });

  it('keeps other statements out until a transaction ends, as PGlite in-process does', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tx = db.transaction(async (t) => {
      await t.query('INSERT INTO notes (body) VALUES ($1)', ['inside']);
      await held;
      return (await t.query<{ n: number }>('SELECT count(*)::int AS n FROM notes'))[0]!.n;
    });
    const outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM notes');
    let outsideDone = false;
    void outside.then(() => {
      outsideDone = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outsideDone).toBe(false);
    release();
    const inside = await tx;
    expect((await outside)[0]!.n).toBe(inside);
  });

  it('carries a large value both ways', async () => {
    const body = 'Kennzeichen ö '.repeat(80_000);
    const meta = { shapes: Array.from({ length: 5_000 }, (_, i) => ({ i })) };
    const [row] = await db.query<{ body: string; meta: typeof meta }>(
      'INSERT INTO notes (body, meta) VALUES ($1, $2::jsonb) RETURNING body, meta',
      [body, JSON.stringify(meta)],
    );
    expect(row!.body).toBe(body);
    expect(row!.meta).toEqual(meta);
  });

  it('answers many calls at once, each with its own result', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => db.query<{ v: number }>('SELECT $1::int * 2 AS v', [i])),
    );
    expect(results.map((r) => r[0]!.v)).toEqual(Array.from({ length: 200 }, (_, i) => i * 2));
  });

  it('closes once, twice without harm, and then refuses calls with a clear error', async () => {
    const other = await createPgliteDb('memory');
    await Promise.all([other.close(), other.close()]);
    await other.close();
    await expect(other.query('SELECT 1')).rejects.toThrow('The database thread has stopped.');
  });
});
