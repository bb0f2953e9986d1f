import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/Db';
import { createPgliteDb } from '../src/db/pgliteDb';

// DESIGN 6/7: the embedded database is PGlite on its own thread behind a socket, reached through `pg` like a
// PostgreSQL server. It must behave like one: PostgreSQL's errors and types, transactions that keep every other
// statement out, an acknowledged write stored in the data folder, and no thread left keeping the process alive.
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lp-pglite-test-'));
  dirs.push(dir);
  return dir;
};

let db: Db;
beforeAll(async () => {
  db = await createPgliteDb('memory');
  await db.exec('CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL, meta jsonb)');
});
afterAll(async () => {
  await db.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('PGlite through pg', () => {
  it('answers rows with their types: numbers, text, JSON, dates', async () => {
    const [row] = await db.query<{ n: number; t: string; j: unknown; d: Date }>(
      'SELECT 41 + $1::int AS n, $2::text AS t, $3::jsonb AS j, now() AS d',
      [1, 'Grüße "zitiert" \\ ', JSON.stringify({ a: [1, 'zwei'] })],
    );
    expect(row).toMatchObject({ n: 42, t: 'Grüße "zitiert" \\ ', j: { a: [1, 'zwei'] } });
    expect(row!.d).toBeInstanceOf(Date);
    expect(db.kind).toBe('pglite');
  });

  it("reports PostgreSQL's error with its code and stays usable", async () => {
    const error = await db.query('SELECT nope FROM notes').catch((e: unknown) => e);
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

  it('keeps other statements out until a transaction ends (PGlite has one session)', async () => {
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

  it('answers many calls at once, each with its own result, also when some fail', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        db.query<{ v: number }>('SELECT 10 / $1::int AS v', [i % 10]).then(
          (rows) => rows[0]!.v,
          (e: Error & { code?: string }) => e.code,
        ),
      ),
    );
    expect(results).toEqual(
      Array.from({ length: 200 }, (_, i) => (i % 10 ? Math.trunc(10 / (i % 10)) : '22012')),
    );
  });

  it('serialises concurrent transactions: read-modify-writes lose nothing', async () => {
    await db.exec('CREATE TABLE counter (n int NOT NULL); INSERT INTO counter VALUES (0)');
    // Each transaction reads, waits for the API's thread, then writes what it read plus one: any statement of another
    // connection slipping in between would lose an increment.
    const bump = () =>
      db.transaction(async (tx) => {
        const [row] = await tx.query<{ n: number }>('SELECT n FROM counter');
        await new Promise((resolve) => setImmediate(resolve));
        await tx.query('UPDATE counter SET n = $1', [row!.n + 1]);
      });
    await Promise.all(Array.from({ length: 40 }, bump));
    expect(await db.query('SELECT n FROM counter')).toEqual([{ n: 40 }]);
  });

  it('rolls back a transaction that fails midway while others wait, and then serves them', async () => {
    await db.exec('CREATE TABLE ledger (body text NOT NULL)');
    const failing = db.transaction(async (tx) => {
      await tx.query('INSERT INTO ledger VALUES ($1)', ['half']);
      await tx.query('INSERT INTO ledger VALUES ($1)', [null]);
    });
    const waiting = Array.from({ length: 20 }, (_, i) =>
      db.query<{ body: string }>('INSERT INTO ledger VALUES ($1) RETURNING body', [`w${i}`]),
    );
    await expect(failing).rejects.toMatchObject({ code: '23502' });
    expect((await Promise.all(waiting)).map((rows) => rows[0]!.body)).toEqual(
      Array.from({ length: 20 }, (_, i) => `w${i}`),
    );
    const bodies = await db.query<{ body: string }>('SELECT body FROM ledger ORDER BY body');
    expect(bodies.map((r) => r.body)).not.toContain('half');
    expect(bodies).toHaveLength(20);
  });

  it('stores and reads a 10 MB upload as bytea, beside other statements', async () => {
    await db.exec('CREATE TABLE blobs (id serial PRIMARY KEY, bytes bytea NOT NULL)');
    const upload = Buffer.alloc(10 * 1024 * 1024);
    for (let i = 0; i < upload.length; i += 4096) upload.writeUInt32BE(i, i);
    const others = Array.from({ length: 10 }, (_, i) => db.query<{ v: number }>('SELECT $1::int AS v', [i]));
    const [stored] = await db.query<{ id: number }>('INSERT INTO blobs (bytes) VALUES ($1) RETURNING id', [
      upload,
    ]);
    const [read] = await db.query<{ bytes: Buffer }>('SELECT bytes FROM blobs WHERE id = $1', [stored!.id]);
    expect(read!.bytes.equals(upload)).toBe(true);
    expect((await Promise.all(others)).map((rows) => rows[0]!.v)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('runs a prepared statement again after it failed', async () => {
    const sql = 'SELECT 10 / $1::int AS n';
    expect(await db.query(sql, [2])).toEqual([{ n: 5 }]);
    await expect(db.query(sql, [0])).rejects.toMatchObject({ code: '22012' });
    expect(await db.query(sql, [5])).toEqual([{ n: 2 }]);
  });

  it('closes once, twice without harm, and then refuses calls', async () => {
    const other = await createPgliteDb('memory');
    await Promise.all([other.close(), other.close()]);
    await other.close();
    await expect(other.query('SELECT 1')).rejects.toThrow();
  });

  it('keeps what was written in its data folder across a restart', async () => {
    const dataDir = tempDir();
    const first = await createPgliteDb(dataDir);
    await first.exec('CREATE TABLE kept (body text)');
    await first.query('INSERT INTO kept VALUES ($1)', ['nach dem Neustart']);
    await first.close();
    const second = await createPgliteDb(dataDir);
    try {
      expect(await second.query('SELECT body FROM kept')).toEqual([{ body: 'nach dem Neustart' }]);
    } finally {
      await second.close();
    }
  });

  it('does not keep the process alive when idle', () => {
    // A script that opens the database, queries it and never closes it: it must end on its own.
    const script = join(tempDir(), 'idle.mjs');
    const module = new URL('../src/db/pgliteDb.ts', import.meta.url).href;
    writeFileSync(
      script,
      `const { createPgliteDb } = await import(${JSON.stringify(module)});
       const db = await createPgliteDb('memory');
       console.log(JSON.stringify(await db.query('SELECT 6 * 7 AS answer')));`,
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stdout.trim()).toBe('[{"answer":42}]');
    expect(run.signal).toBeNull();
    expect(run.status).toBe(0);
  });
});
