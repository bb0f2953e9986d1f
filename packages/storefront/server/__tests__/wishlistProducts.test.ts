// @vitest-environment node
// The wish list page reads just its entries' products from the shop's server (session 17, catalogue): before, its
// route carried the whole catalogue in the page (5.4 MB at 5,000 products).
import type { Product } from '@lp/sdk/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Renderer } from '../../src/renderTypes';
import { WISHLIST_PRODUCTS_PATH, wishlistProducts } from '../wishlistProducts';

const shown = ['KZH-001', 'FUN-001-X4924'];
const asked: (readonly string[])[] = [];
const renderer = {
  async wishlistProducts(ids: readonly string[]) {
    asked.push(ids);
    return ids.filter((id) => shown.includes(id)).map((UniqueId) => ({ UniqueId }) as Product);
  },
} as Renderer;

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await app.register(wishlistProducts, { renderer: { get: async () => renderer }, apiTimeoutMs: 1000 });
  await app.ready();
});
afterAll(() => app.close());

describe(`GET ${WISHLIST_PRODUCTS_PATH}`, () => {
  it('answers the shown products among the ids, for this browser only', async () => {
    const response = await app.inject(`${WISHLIST_PRODUCTS_PATH}?ids=KZH-001,nope,FUN-001-X4924,KZH-001`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ UniqueId: 'KZH-001' }, { UniqueId: 'FUN-001-X4924' }]);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(asked.at(-1)).toEqual(['KZH-001', 'nope', 'FUN-001-X4924']);
  });

  it('ignores malformed ids and refuses more than a wish list holds', async () => {
    const odd = await app.inject(`${WISHLIST_PRODUCTS_PATH}?ids=${encodeURIComponent('<img>,KZH-001')}`);
    expect(odd.json()).toEqual([{ UniqueId: 'KZH-001' }]);
    expect((await app.inject(WISHLIST_PRODUCTS_PATH)).json()).toEqual([]);
    const many = Array.from({ length: 101 }, (_, i) => `P-${i}`).join(',');
    expect((await app.inject(`${WISHLIST_PRODUCTS_PATH}?ids=${many}`)).statusCode).toBe(400);
  });

  it('refuses a repeated ids parameter with 400 (session 19: it was an array and answered 500)', async () => {
    const repeated = await app.inject(`${WISHLIST_PRODUCTS_PATH}?ids=KZH-001&ids=FUN-001-X4924`);
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json()).toEqual({ error: 'One ids parameter, comma-separated.' });
  });
});
