// Issue 13 "Prices that add up": the shared quantity-discount rule, and the cart's coupon through the cart store
// against the real API on a random port.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from '../../api/src/index';
import { createMemoryStorage } from '../src/appState';
import type { Discount } from '../src/contract/entities';
import { discountTier, discountedUnitCents, linePrice } from '../src/contract/quantityDiscount';
import { createSdk } from '../src/createSdk';
import { isLpError } from '../src/errors';

const tiers: Discount[] = [
  { ProductKey: 'KZH-029', Percent: 10, MinQuantity: 10, Label: 'Mengenrabatt: 10 % ab 10 Stück' },
  { ProductKey: 'KZH-029', Percent: 20, MinQuantity: 50, Label: 'Mengenrabatt: 20 % ab 50 Stück' },
];

describe('linePrice: the quantity discount rule', () => {
  it.each([
    [1, 0, 990],
    [9, 0, 8910],
    [10, 10, 8910],
    [49, 10, 43659],
    [50, 20, 39600],
    [999, 20, 791208],
  ])('%i pieces at 9,90 €: %i %, %i cents', (quantity, percent, total) => {
    const price = linePrice(990, quantity, tiers);
    expect(price.percent).toBe(percent);
    expect(price.totalCents).toBe(total);
    // The line is always quantity x the unit price the shopper sees.
    expect(price.totalCents).toBe(price.discountedUnitCents * quantity);
    expect(price.discountCents + price.totalCents).toBe(990 * quantity);
  });

  it('chooses the tier by the pieces of the whole cart when given', () => {
    expect(linePrice(1290, 2, tiers, 10)).toMatchObject({
      percent: 10,
      discountedUnitCents: 1161,
      totalCents: 2322,
    });
  });

  it('rounds the unit discount half up to whole cents', () => {
    expect(discountedUnitCents(1295, 10)).toBe(1165); // 129,5 ct off -> 130
    expect(discountedUnitCents(1294, 10)).toBe(1165); // 129,4 ct off -> 129
    expect(discountedUnitCents(999, 12.5)).toBe(874); // 124,875 ct off -> 125
    expect(discountedUnitCents(1, 10)).toBe(1);
    expect(discountedUnitCents(5, 10)).toBe(4);
  });

  it('ignores broken tiers and quantities instead of producing odd prices', () => {
    const broken = [
      { ...tiers[0]!, Percent: -5, MinQuantity: 1 },
      { ...tiers[0]!, Percent: 150, MinQuantity: 1 },
      { ...tiers[0]!, Percent: Number.NaN, MinQuantity: 1 },
    ];
    expect(discountTier(broken, 100)).toBeNull();
    expect(discountTier([], 100)).toBeNull();
    expect(discountTier(tiers, Number.NaN)).toBeNull();
    expect(linePrice(990, 3, broken)).toMatchObject({ percent: 0, label: null, totalCents: 2970 });
  });
});

let api: RunningApi;
beforeAll(async () => {
  api = await startApi({ port: 0, host: '127.0.0.1', dataDir: 'memory', rateLimit: false });
}, 90_000);
afterAll(() => api?.close());

function shop(storage = createMemoryStorage()) {
  const calls: string[] = [];
  const sdk = createSdk({
    baseUrl: api.url,
    storage,
    retries: 0,
    fetch: (url, init) => {
      calls.push(`${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`);
      return fetch(url, init);
    },
  });
  return { sdk, calls, storage };
}

const holders = (quantity: number) => ({
  productUniqueId: 'KZH-029',
  quantity,
  addData: [{ count: quantity, info: { Alias: 'x', Title: 'x', Attributes: {} } }],
});

describe('cart store: quantity discounts and the cart coupon', () => {
  it('shows the discounted line, counts the coupon in the summary and keeps it for a new session', async () => {
    const { sdk, storage } = shop();
    const cart = await sdk.cartStore.getState().add(holders(10));
    expect(cart.items![0]).toMatchObject({
      price: 9.9,
      discountPercent: 10,
      discountAmount: 9.9,
      lineTotal: 89.1,
    });
    await sdk.cartStore.getState().applyCoupon('willkommen10');
    expect(sdk.cartStore.getState().priceSummary).toEqual({
      cartAmount: 89.1,
      discountAmount: 8.91,
      shippingAmount: 0,
      total: 80.19,
    });

    // A new browser session with the same cart guid (the coupon lives on the server).
    const later = shop(storage);
    await later.sdk.cartStore.getState().load();
    expect(later.sdk.cartStore.getState().cart.coupon).toMatchObject({ code: 'WILLKOMMEN10' });
    expect(later.sdk.cartStore.getState().priceSummary.total).toBe(80.19);

    await later.sdk.cartStore.getState().removeCoupon();
    expect(later.sdk.cartStore.getState().priceSummary).toMatchObject({ discountAmount: 0, total: 89.1 });
  });

  it('refuses a wrong code with the API machine code and leaves the totals alone', async () => {
    const { sdk } = shop();
    await sdk.cartStore.getState().add(holders(1));
    const error = await sdk.cartStore
      .getState()
      .applyCoupon('GIBTSNICHT')
      .catch((e: unknown) => e);
    expect(isLpError(error) && error.apiCode).toBe('coupon-not-found');
    expect(sdk.cartStore.getState().error).toBe(error);
    expect(sdk.cartStore.getState().priceSummary.total).toBe(14.8);
  });

  it('refuses missing and wrongly typed codes before sending anything', async () => {
    const { sdk, calls } = shop();
    for (const code of [undefined, null, '', '   ']) {
      const error = await sdk.cart.applyCoupon(code as string).catch((e: unknown) => e);
      expect(error).toMatchObject({
        code: 'invalidParameter',
        message: 'The parameter code cannot be null.',
      });
    }
    for (const code of [{}, ['A'], true]) {
      const error = await sdk.cart.applyCoupon(code as string).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'invalidParameter', message: 'The parameter code is invalid.' });
    }
    expect(calls).toEqual([]);
  });

  it('catalogue.discounts answers the tiers of a key the server applies', async () => {
    const { sdk } = shop();
    expect(await sdk.catalogue.discounts('KFZ-001', 1001)).toEqual([
      { ProductKey: 'KFZ-001', Percent: 10, MinQuantity: 4, Label: 'Mengenrabatt: 10 % ab 4 Kennzeichen' },
    ]);
    expect(await sdk.catalogue.discounts('KZH-001', 1001)).toEqual([]);
  });
});
