import type { Cart, Product } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { publicConfig, readConfig } from '../../../config';
import type { ShopData } from '../../../data/shopData';
import { type CartPageData, cartLoader } from '../cartLoader';
import { type CartSnapshot, type ServerCartReader, serverCartForPage } from '../serverCart';

const MINE = '0b6f3c1e-1d2a-4c3b-9e8f-112233445566';
const DEALER = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const EMPTY = '11111111-2222-4333-8444-555555555555';
/** A cart that belongs to an account (left behind by a login that ended with the browser, or the owner's). */
const ANNAS = '22222222-3333-4444-8555-666666666666';

const config = publicConfig(readConfig({}));
const product = (id: string, min = 1, categories = [{ UniqueId: 42 }]): Product =>
  ({ UniqueId: id, Alias: id.toLowerCase(), Name: id, MinQuantity: min, Categories: categories }) as Product;
const PRODUCTS = [product('FKZ-001', 2), product('KZH-001'), product('KZH-002', 5), product('FUN-001')];
const data = { products: async () => PRODUCTS } as unknown as ShopData;

const cart = (guid: string, ids: string[]): Cart => ({
  id: 1,
  userId: null,
  cartGuid: guid,
  deliveryPrice: 0,
  totalAmount: 10,
  items: ids.map((id, index) => ({
    itemInternalId: `${guid}-${index}`,
    productUniqueId: id,
    price: 5,
    description: id,
    currency: 'EUR',
    quantity: 1,
    addData: [],
  })),
});
const CARTS: Record<string, Cart> = {
  [MINE]: cart(MINE, ['FKZ-001']),
  [DEALER]: cart(DEALER, ['KZH-001']),
  [ANNAS]: { ...cart(ANNAS, ['FKZ-001']), userId: 42 },
};
/** The API as the server's reader sees it: two known carts, an empty one, anything else unknown. */
const reads: string[] = [];
const readCart: ServerCartReader = async (guid) => {
  reads.push(guid);
  const found = CARTS[guid] ?? (guid === EMPTY ? cart(EMPTY, []) : null);
  const snapshot: CartSnapshot = {
    guid,
    cart: found ?? { ...cart('', []), cartGuid: null, items: null },
    priceSummary: { cartAmount: 5, shippingAmount: 0, total: 5 },
    freeShippingFrom: 50,
  };
  return snapshot;
};

function load(path: string, cookie?: string, where: 'server' | 'browser' = 'server') {
  reads.length = 0;
  const request = new Request(`http://shop.test${path}`, { headers: cookie ? { cookie } : {} });
  const deps = { data, config, ...(where === 'server' ? { serverCart: serverCartForPage(readCart) } : {}) };
  return cartLoader(deps)({ request, params: {} } as never) as Promise<CartPageData>;
}

describe('cart page loader: which cart the server shows', () => {
  it('shows the cart of the cart cookie, with the minimums of its products only', async () => {
    const page = await load('/cart', `lp_consent=v1.s0.m0.t0; lp_cart=${MINE}`);
    expect(page.snapshot?.cart.items?.map((item) => item.productUniqueId)).toEqual(['FKZ-001']);
    expect(page.ask).toBe(false);
    expect(page.minimums).toEqual({ 'FKZ-001': 2 });
    expect(page.upsell.map((p) => p.UniqueId)).not.toContain('FKZ-001');
  });

  it('knows no cart without the cookie: no snapshot, and every minimum for the browser cart store', async () => {
    const page = await load('/cart');
    expect(page.snapshot).toBeNull();
    expect(reads).toEqual([]);
    expect(page.minimums).toEqual({ 'FKZ-001': 2, 'KZH-002': 5 });
  });

  it('a guid the API does not know gives the empty cart', async () => {
    const page = await load('/cart', 'lp_cart=aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee');
    expect(page.snapshot?.cart.items ?? []).toEqual([]);
  });

  it('handoff: shows the handed-over cart without a cookie, or when the own cart is empty or the same', async () => {
    for (const cookie of [undefined, `lp_cart=${EMPTY}`, `lp_cart=${DEALER}`]) {
      const page = await load(`/cart?cartGuid=${DEALER}`, cookie);
      expect(page.ask, cookie).toBe(false);
      expect(page.snapshot?.guid, cookie).toBe(DEALER);
      expect(page.snapshot?.cart.items?.[0]?.productUniqueId, cookie).toBe('KZH-001');
    }
  });

  it('handoff onto a non-empty own cart: asks first, as the browser will, and shows no lines', async () => {
    const page = await load(`/cart?cartGuid=${DEALER}`, `lp_cart=${MINE}`);
    expect(page).toMatchObject({ ask: true, snapshot: null });
  });

  it("session 25: an account's cart is not rendered by the server, which cannot tell its owner from the next person", async () => {
    const page = await load('/cart', `lp_cart=${ANNAS}`);
    // Marked, so the page says "loading" (not "empty") until the browser's cart store has it (session 25 review).
    expect(page).toMatchObject({ ask: false, snapshot: null, accountCart: true });
    expect(reads).toEqual([ANNAS]);
  });

  it('in the browser (no reader) it loads only the catalogue part; a failed catalogue read still answers', async () => {
    const page = await load(`/cart?cartGuid=${DEALER}`, `lp_cart=${MINE}`, 'browser');
    expect(page).toMatchObject({ ask: false, snapshot: null });
    expect(page.upsell.length).toBeGreaterThan(0);
    const failing = { products: async () => Promise.reject(new Error('down')) } as unknown as ShopData;
    const request = new Request('http://shop.test/cart');
    const bare = await cartLoader({ data: failing, config })({ request, params: {} } as never);
    expect(bare).toEqual({ snapshot: null, ask: false, minimums: {}, upsell: [] });
  });
});
