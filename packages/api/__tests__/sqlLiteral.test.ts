import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/Db';
import { openDb } from '../src/db/openDb';
import { sqlLiteral } from '../src/db/sqlLiteral';

// DESIGN 7: the add batch reaches PGlite as one literal through the simple protocol; a literal must mean exactly
// the text it was made from, whatever the shopper typed.
let db: Db;
beforeAll(async () => {
  db = await openDb({ dataDir: 'memory' });
});
afterAll(async () => {
  await db.close();
});

const hostile = [
  '',
  "it's",
  "'; DROP TABLE carts; --",
  "back\\slash \\' \\\\",
  "E'\\x41'",
  '$fn$ $$ " ` ; -- /* */',
  'Größe 520 × 110 mm € 😀 \u2028',
  'x'.repeat(200_000),
];

describe('sqlLiteral', () => {
  it('gives PostgreSQL back exactly the text it was made from', async () => {
    for (const text of hostile) {
      const [row] = await db.simpleQuery!<{ text: string; n: number }>(
        `SELECT ${sqlLiteral(text)} AS text, (SELECT count(*)::int FROM carts) AS n`,
      );
      expect(row!.text).toBe(text);
    }
    // Nothing of the hostile texts ran as SQL: the table is still there.
    expect(await db.query('SELECT count(*)::int AS n FROM carts')).toEqual([{ n: expect.any(Number) }]);
  });

  it('carries JSON with quotes and escapes into jsonb unchanged', async () => {
    const value = { a: "it's", b: 'C:\\path\\"q"', c: '\u0000 as text is refused by jsonb, \\u0001 is not' };
    const json = JSON.stringify({ ...value, c: value.c.replace('\u0000', '') });
    const [row] = await db.simpleQuery!<{ j: string }>(`SELECT (${sqlLiteral(json)}::jsonb)::text AS j`);
    expect(JSON.parse(row!.j)).toEqual(JSON.parse(json));
  });

  it('refuses a NUL character instead of cutting the statement short', () => {
    expect(() => sqlLiteral('a\u0000b')).toThrow(/NUL/);
  });

  it("answers a failing statement with PostgreSQL's error and keeps working", async () => {
    await expect(db.simpleQuery!(`SELECT ${sqlLiteral('{')}::jsonb`)).rejects.toThrow(/json/i);
    expect(await db.simpleQuery!('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});
