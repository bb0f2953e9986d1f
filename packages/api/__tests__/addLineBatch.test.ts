import type { Attributes } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/Db';
import { openDb } from '../src/db/openDb';
import { addLine } from '../src/cart/addLineBatcher';
import { type AddedLine, attributesKey, cartRepo, type NewLine } from '../src/cart/cartRepo';

// DESIGN 7: adds waiting together are written by one set-based statement (migration 008) and each request's
// answer is replayed from the state before the batch. The per-add function of migration 007 is the reference:
// the same adds run one by one on a twin database must give the same answers, line for line.
let batched: Db;
let oneByOne: Db;
beforeAll(async () => {
  [batched, oneByOne] = await Promise.all([openDb({ dataDir: 'memory' }), openDb({ dataDir: 'memory' })]);
});
afterAll(async () => {
  await Promise.all([batched.close(), oneByOne.close()]);
});

const line = (
  guid: string | undefined,
  product: string,
  quantity = 1,
  attributes: Attributes = {},
  price = 490,
) =>
  ({
    guid,
    companyId: 1001,
    productUniqueId: product,
    priceCents: price,
    title: `Titel ${product}`,
    alias: product.toLowerCase(),
    quantity,
    attributes,
    attributesKey: attributesKey(attributes),
    maxQuantity: 999,
  }) satisfies NewLine;

/** Answers without the ids each database draws itself: guids and line ids become labels in order of appearance. */
function comparable(answers: (AddedLine | string)[]) {
  const labels = new Map<string, string>();
  const label = (id: string) => {
    if (!labels.has(id)) labels.set(id, `#${labels.size}`);
    return labels.get(id);
  };
  return answers.map((a) =>
    typeof a === 'string'
      ? a
      : {
          cart: label(a.cart.guid),
          companyId: a.cart.company_id,
          items: a.items.map((i) => ({
            ...i,
            id: undefined,
            internal_id: label(i.internal_id),
            // Key order as stored (jsonb's), so an answer shows the attributes exactly as getCart will.
            attributes: JSON.stringify(i.attributes),
          })),
        },
  );
}

/** Runs `make(guids)` on both databases: all at once (one batch) and one by one. Errors become their message. */
async function runBoth(setup: (db: Db) => Promise<string[]>, make: (guids: string[]) => NewLine[]) {
  const [guidsA, guidsB] = [await setup(batched), await setup(oneByOne)];
  const linesA = make(guidsA);
  const settled = await Promise.allSettled(linesA.map((l) => addLine(batched, l)));
  const together = settled.map((s) => (s.status === 'fulfilled' ? s.value : String(s.reason.message)));
  const alone: (AddedLine | string)[] = [];
  for (const l of make(guidsB)) {
    alone.push(
      await cartRepo(oneByOne)
        .addLine(l)
        .catch((e: Error) => e.message),
    );
  }
  return { together, alone };
}

const twoCarts = async (db: Db) => {
  const a = await cartRepo(db).addLine(line(undefined, 'KZH-001'));
  const b = await cartRepo(db).addLine(line(undefined, 'KZH-002', 1, { Farbe: 'rot' }));
  return [a.cart.guid, b.cart.guid];
};

describe('a batch of adds', () => {
  it('answers every add exactly like the same adds one by one', async () => {
    const unknown = '00000000-0000-4000-8000-00000000abcd';
    const { together, alone } = await runBoth(twoCarts, ([a, b]) => [
      line(a, 'KZH-001', 2), // merges into the existing line
      line(undefined, 'KZH-003'), // a new cart
      line(a, 'KZH-004', 1, { b: '1', a: '2' }), // a new line ...
      line(a, 'KZH-004', 3, { a: '2', b: '1' }), // ... the same configuration in another key order merges into it
      line(unknown, 'KZH-001'), // an unknown cart: a new one ...
      line(unknown, 'KZH-001'), // ... and another new one, as when sent one after the other
      line(b, 'KZH-002', 3, { Farbe: 'rot' }, 555), // the later price wins
      line(a?.toUpperCase(), 'KZH-001'), // a guid in capitals names the same cart
      line(b, 'KZH-005', 1, { Farbe: 'blau', Größe: 'L' }),
      line(b, 'KZH-005', 1, { Farbe: 'grün' }), // same product, other configuration: its own line
    ]);
    expect(together.every((a) => typeof a !== 'string')).toBe(true);
    expect(comparable(together)).toEqual(comparable(alone));
  });

  it('stores what it answered: the last answer per cart is the cart as read afterwards', async () => {
    const { together } = await runBoth(twoCarts, ([a, b]) => [
      line(a, 'KZH-006'),
      line(b, 'KZH-006'),
      line(a, 'KZH-007', 4),
      line(a, 'KZH-006', 2),
      line(undefined, 'KZH-008'),
    ]);
    const last = new Map((together as AddedLine[]).map((a) => [a.cart.guid, a]));
    for (const [guid, answer] of last) {
      const cart = (await cartRepo(batched).byGuid(guid))!;
      const stored = await cartRepo(batched).items(cart.id);
      expect(JSON.stringify(stored)).toBe(JSON.stringify(answer.items));
    }
  });

  it('refuses only the add over the line maximum; the others are answered as if it had not been sent', async () => {
    const { together, alone } = await runBoth(twoCarts, ([a, b]) => [
      line(a, 'KZH-009', 500),
      line(b, 'KZH-009', 2),
      line(a, 'KZH-009', 500), // 1000 > 999
      line(a, 'KZH-009', 499), // exactly 999
      line(undefined, 'KZH-009', 7),
    ]);
    expect(together[2]).toContain('lp:max-quantity');
    expect(together.filter((a) => typeof a === 'string')).toHaveLength(1);
    expect(comparable(together)).toEqual(comparable(alone));
  });

  it('takes a large batch with a big design document in one piece', async () => {
    const document = JSON.stringify({
      shapes: Array.from({ length: 2_000 }, (_, i) => ({ i, text: 'ä"\\\'' })),
    });
    const { together, alone } = await runBoth(
      async (db) => [(await cartRepo(db).addLine(line(undefined, 'KZH-010'))).cart.guid],
      ([a]) =>
        Array.from({ length: 150 }, (_, i) =>
          line(i % 3 === 0 ? undefined : a, `KZH-0${10 + (i % 7)}`, 1, i % 5 === 0 ? { Doc: document } : {}),
        ),
    );
    expect(together.every((a) => typeof a !== 'string')).toBe(true);
    expect(comparable(together)).toEqual(comparable(alone));
  });
});
