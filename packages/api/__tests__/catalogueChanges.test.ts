import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cart, Order } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApi } from '../src/index';
import {
  type Api,
  addBody,
  addItem,
  call,
  createTestDatabase,
  expectError,
  makeApi,
  plateAttributes,
  saveBody,
} from './support/testApi';

/**
 * docs/reference/decisions.md, "Catalogue changes while a shopper buys": the operator changes catalogue rows (as a
 * seed update does) between a shopper's add and payment. The cart shows the catalogue's price now, a save charges
 * it, and what a saved order charges no later change moves. Catalogue reads are cached 10 s per process, so the
 * clock is moved past that bound instead of waiting.
 */
const CACHE_BOUND_MS = 10_000;
const later = () => vi.setSystemTime(Date.now() + CACHE_BOUND_MS + 1);

let api: Api;
beforeAll(async () => {
  // Fake only the clock, for the whole file: cache entries are stamped with it, so it never goes back.
  vi.useFakeTimers({ toFake: ['Date'] });
  api = await makeApi();
});
afterAll(async () => {
  await api.close();
  vi.useRealTimers();
});
afterEach(async () => {
  await api.db.query("UPDATE products SET price_cents = 490 WHERE unique_id = 'KZH-001'");
  later();
});

const setHolderPrice = (cents: number) =>
  api.db.query("UPDATE products SET price_cents = $1 WHERE unique_id = 'KZH-001'", [cents]);
const getCart = async (cartGuid: string) =>
  (await call(api, 'GET', paths.cart.get, { cartGuid })).body as Cart;
const save = (cartGuid: string) => call(api, 'POST', paths.order.save, { body: saveBody(), cartGuid });

/** The text of the order's confirmation mail in the sandbox outbox (sent after the approval's commit). */
async function mailText(order: Order): Promise<string> {
  const read = () =>
    api.db.query<{ body: string }>('SELECT body FROM outbox_mails WHERE subject LIKE $1', [
      `%${order.orderNumber}%`,
    ]);
  await vi.waitFor(async () => expect(await read()).toHaveLength(1), { timeout: 10_000 });
  // Amounts are written with a no-break space before the euro sign.
  return (await read())[0]!.body.replace(/\u00a0/g, ' ');
}

/** Confirms and pays a saved order in the sandbox; answers the amount of the payment in cents. */
async function confirmAndPay(headerGuid: string): Promise<{ order: Order; paidCents: number }> {
  const confirmed = await call(api, 'POST', paths.order.confirm, { body: { headerGuid } });
  expect(confirmed.status).toBe(200);
  const payment = await call(api, 'POST', paths.order.createPayment, {
    body: {
      headerGuid,
      paymentMethod: 'paypal',
      returnUrl: 'http://localhost:3000/thank-you',
      cancelUrl: 'http://localhost:3000/cart',
    },
    headers: { host: '127.0.0.1:4000' },
  });
  expect(payment.status).toBe(200);
  const { pathname } = new URL((payment.body as { redirectUrl: string }).redirectUrl);
  expect((await call(api, 'POST', `${pathname}/approve`)).status).toBe(303);
  const [row] = await api.db.query<{ amount_cents: number }>(
    "SELECT p.amount_cents FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.header_guid = $1 AND p.status = 'approved'",
    [headerGuid],
  );
  return { order: confirmed.body as Order, paidCents: row!.amount_cents };
}

describe('a price the operator changes after the add', () => {
  it.each([
    ['raised', 990, 49.5],
    ['lowered', 100, 5],
  ])(
    '%s: the cart shows the new price within the cache bound, and the order and payment charge it',
    async (_, cents, goods) => {
      const { cartGuid } = await addItem(api, addBody('KZH-001', 5));
      await setHolderPrice(cents);
      later();
      const cart = await getCart(cartGuid!);
      expect(cart.items![0]).toMatchObject({ price: cents / 100, lineTotal: goods });
      expect(cart.totalAmount).toBe(goods);
      const saved = await save(cartGuid!);
      expect(saved.status).toBe(200);
      const { order, paidCents } = await confirmAndPay(
        (saved.body as { orderHeaderGuid: string }).orderHeaderGuid,
      );
      expect(order.orderItems[0]).toMatchObject({ price: cents / 100, lineTotal: goods });
      // What the shopper saw last in the cart is what the order says and what the payment takes.
      expect(order.totalAmount).toBe(goods + cart.deliveryPrice);
      expect(paidCents).toBe(Math.round((goods + cart.deliveryPrice) * 100));
    },
  );

  it('after the save the order keeps the price of its save through confirm, payment and approval', async () => {
    const { cartGuid } = await addItem(api, addBody('KZH-001', 5));
    const saved = await save(cartGuid!);
    const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
    await setHolderPrice(990);
    later();
    const { order, paidCents } = await confirmAndPay(headerGuid);
    expect(order.orderItems[0]).toMatchObject({ price: 4.9, lineTotal: 24.5 });
    expect(paidCents).toBe(Math.round(order.totalAmount * 100));
    expect(order.cartAmount).toBe(24.5);
    const mail = await mailText(order);
    expect(mail).toContain('5 × 4,90 € = 24,50 €');
    expect(mail).not.toContain('9,90 €');
  });

  it('quantity-discount tiers changed after the add: the cart and the save agree; after the save the order keeps its discount', async () => {
    const tiers = await api.db.query<{ position: number; data: unknown }>(
      "SELECT position, data FROM discounts WHERE product_key = 'KFZ-001'",
    );
    try {
      const cart = await addItem(api, addBody('KFZ-001', 4, plateAttributes()));
      expect(cart.items![0]!.discountPercent).toBe(10);
      const saved = await save(cart.cartGuid!);
      await api.db.query("DELETE FROM discounts WHERE product_key = 'KFZ-001'");
      later();
      const now = await getCart(cart.cartGuid!);
      expect(now.items![0]).toMatchObject({ discountPercent: 0, lineTotal: 51.6 });
      const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
      const { order } = await confirmAndPay(headerGuid);
      expect(order.orderItems[0]).toMatchObject({ discountPercent: 10, lineTotal: 46.44 });
    } finally {
      for (const tier of tiers) {
        await api.db.query(
          "INSERT INTO discounts (company_id, product_key, position, data) VALUES (1001, 'KFZ-001', $1, $2) ON CONFLICT DO NOTHING",
          [tier.position, tier.data],
        );
      }
    }
  });

  it('a quantity change and a plain read agree on the price (before, only a quantity change took the new one)', async () => {
    const cart = await addItem(api, addBody('KZH-001', 2));
    await setHolderPrice(700);
    later();
    expect((await getCart(cart.cartGuid!)).items![0]!.price).toBe(7);
    const updated = await call(api, 'POST', paths.cart.updateItem, {
      body: { itemInternalId: cart.items![0]!.itemInternalId, quantity: 3 },
      cartGuid: cart.cartGuid!,
    });
    expect((updated.body as Cart).items![0]).toMatchObject({ price: 7, lineTotal: 21 });
  });
});

describe('a product the shop stops selling after the add', () => {
  const hide = () =>
    api.db.query(
      `UPDATE products SET data = jsonb_set(data, '{Categories}', '[{"UniqueId":"1737374404"}]')
        WHERE unique_id = 'KZH-001' RETURNING data`,
    );

  it('hidden: the cart lists the line marked unavailable, the save refuses it with product-not-found naming the line, the rest orders', async () => {
    const [before] = await api.db.query<{ data: unknown }>(
      "SELECT data FROM products WHERE unique_id = 'KZH-001'",
    );
    try {
      const cart = await addItem(api, addBody('KZH-001', 1));
      await addItem(api, addBody('KFZ-001', 1, plateAttributes()), cart.cartGuid!);
      await hide();
      later();
      const shown = (await getCart(cart.cartGuid!)).items!;
      expect(shown).toHaveLength(2);
      // The cart says which line went, before the shopper reaches the save; a line still sold carries no flag.
      expect(shown.find((i) => i.productUniqueId === 'KZH-001')).toMatchObject({ unavailable: true });
      expect(shown.find((i) => i.productUniqueId === 'KFZ-001')).not.toHaveProperty('unavailable');
      const refused = await save(cart.cartGuid!);
      expectError(refused, 404, 'product-not-found');
      expect((refused.body as { errors: unknown }).errors).toEqual([
        { field: 'itemInternalId', message: cart.items![0]!.itemInternalId },
      ]);
      expect(
        await api.db.query('SELECT 1 FROM orders o JOIN carts c ON c.id = o.cart_id WHERE c.guid = $1', [
          cart.cartGuid,
        ]),
      ).toEqual([]);
      await call(api, 'POST', paths.cart.removeItem, {
        body: { itemInternalId: cart.items![0]!.itemInternalId },
        cartGuid: cart.cartGuid!,
      });
      expect((await save(cart.cartGuid!)).status).toBe(200);
    } finally {
      await api.db.query("UPDATE products SET data = $1 WHERE unique_id = 'KZH-001'", [before!.data]);
    }
  });

  it('hidden after the save: the saved order is still paid at its price (the shop sold it when it was offered)', async () => {
    const [before] = await api.db.query<{ data: unknown }>(
      "SELECT data FROM products WHERE unique_id = 'KZH-001'",
    );
    try {
      const { cartGuid } = await addItem(api, addBody('KZH-001', 1));
      const saved = await save(cartGuid!);
      await hide();
      later();
      const { paidCents, order } = await confirmAndPay(
        (saved.body as { orderHeaderGuid: string }).orderHeaderGuid,
      );
      expect(paidCents).toBe(Math.round(order.totalAmount * 100));
    } finally {
      await api.db.query("UPDATE products SET data = $1 WHERE unique_id = 'KZH-001'", [before!.data]);
    }
  });
});

const server = process.env.TEST_DATABASE_URL;
describe.runIf(server)('two API processes on one PostgreSQL server', () => {
  it('both show and charge a changed price once the cache bound has passed', async () => {
    const database = await createTestDatabase(server!);
    const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'lp-catalogue-')));
    const [a, b] = await Promise.all(
      dirs.map((uploadDir) => createApi({ databaseUrl: database.url, rateLimit: false, uploadDir })),
    );
    try {
      const cart = await addItem(a!, addBody('KZH-001', 2));
      await call(b!, 'GET', paths.cart.get, { cartGuid: cart.cartGuid! }); // b caches the old price too
      await a!.db.query("UPDATE products SET price_cents = 650 WHERE unique_id = 'KZH-001'");
      later();
      for (const process of [a!, b!]) {
        const read = (await call(process, 'GET', paths.cart.get, { cartGuid: cart.cartGuid! })).body as Cart;
        expect(read.items![0]!.price).toBe(6.5);
      }
      const saved = await call(b!, 'POST', paths.order.save, { body: saveBody(), cartGuid: cart.cartGuid! });
      const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
      const order = (await call(a!, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`)).body as Order;
      expect(order.cartAmount).toBe(13);
    } finally {
      await Promise.all([a!.close(), b!.close()]);
      await database.drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });
});
