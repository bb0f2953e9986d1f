import type { Cart } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, addBody, addItem, call, makeApi } from './support/testApi';

// DESIGN 7: on PGlite, adds arriving together are written as one statement (group commit). Every request must
// still get the answer it would get alone, and one bad add must not take the others down with it.
let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

const add = (body: ReturnType<typeof addBody>, cartGuid?: string) =>
  call(api, 'POST', paths.cart.addItem, { body, ...(cartGuid ? { cartGuid } : {}) });

describe('adds arriving together', () => {
  it('answer each request with the cart right after its own add', async () => {
    const guid = (await addItem(api, addBody('KZH-001'))).cartGuid!;
    const answers = await Promise.all(Array.from({ length: 40 }, () => add(addBody('KZH-001'), guid)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const seen = answers.map((a) => (a.body as Cart).items![0]!.quantity).sort((x, y) => x - y);
    expect(seen).toEqual(Array.from({ length: 40 }, (_, i) => i + 2));
    for (const a of answers) {
      const cart = a.body as Cart;
      expect(cart.cartGuid).toBe(guid);
      expect(cart.totalAmount).toBe(Math.round(cart.items![0]!.quantity * 490) / 100);
    }
  });

  it('refuse only the add over the line maximum; the others are kept', async () => {
    const guid = (await addItem(api, addBody('KZH-001', 990))).cartGuid!;
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => add(addBody('KZH-003'), guid)),
      add(addBody('KZH-001', 20), guid),
      ...Array.from({ length: 9 }, () => add(addBody('KZH-003'), guid)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([...Array(10).fill(200), 400, ...Array(9).fill(200)]);
    expect((answers[10]!.body as { message: string }).message).toBe('A cart line holds at most 999 pieces.');
    const cart = (await call(api, 'GET', paths.cart.get, { cartGuid: guid })).body as Cart;
    const quantity = (id: string) => cart.items!.find((i) => i.productUniqueId === id)?.quantity;
    expect(quantity('KZH-001')).toBe(990);
    expect(quantity('KZH-003')).toBe(19);
  });

  it('create one cart per request without a CartGuid, also for unknown guids', async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => add(addBody('KZH-001'))),
      add(addBody('KZH-001'), '00000000-0000-4000-8000-000000000000'),
    ]);
    const guids = answers.map((a) => (a.body as Cart).cartGuid);
    expect(new Set(guids).size).toBe(9);
    expect(guids).not.toContain('00000000-0000-4000-8000-000000000000');
    for (const a of answers) expect((a.body as Cart).items).toHaveLength(1);
  });
});
