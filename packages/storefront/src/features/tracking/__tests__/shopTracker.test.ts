import { TRACK_EVENTS, createSdk } from '@lp/sdk';
import type { CartItem } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { product } from '../../../../__tests__/fixtures';
import { createShopTracker } from '../shopTracker';

/** GA4 ecommerce schema (recommended events): what every push must satisfy. */
function assertGa4(push: unknown, event: string) {
  const entry = push as { event: string; ecommerce: Record<string, unknown> };
  expect(entry.event).toBe(event);
  const { currency, value, items } = entry.ecommerce as { currency: string; value: number; items: unknown[] };
  expect(currency).toBe('EUR');
  expect(typeof value).toBe('number');
  expect(Number.isFinite(value)).toBe(true);
  expect(Array.isArray(items) && items.length > 0).toBe(true);
  for (const item of items as Record<string, unknown>[]) {
    expect(item).toEqual({
      item_id: expect.any(String),
      item_name: expect.any(String),
      item_brand: 'lp-de',
      affiliation: 'lp-de',
      item_category: 'nummernschilder',
      price: expect.any(Number),
      quantity: expect.any(Number),
    });
    expect((item.item_id as string).length).toBeGreaterThan(0);
  }
}

function setup() {
  const layer: unknown[] = [];
  const sdk = createSdk({
    baseUrl: 'http://shop.test',
    storage: null,
    dataLayer: layer,
    consent: { marketing: true },
  });
  return { layer, tracker: createShopTracker(sdk, 'lp-de') };
}

const line: CartItem = {
  itemInternalId: 'i1',
  productUniqueId: 'KZH-001',
  price: 12.5,
  description: 'Kennzeichenhalter',
  currency: 'EUR',
  quantity: 2,
  addData: [],
};

describe('shop tracker (spec 4, GA4 ecommerce)', () => {
  it('pushes each of the ten shop events in GA4 shape, preceded by { ecommerce: null }', () => {
    const { layer, tracker } = setup();
    const item = tracker.fromProduct(product({ UniqueId: 'FKZ-001', Title: 'Funschild', Price: 14.9 }));
    for (const event of TRACK_EVENTS) tracker.track(event, { items: [item] });
    expect(layer).toHaveLength(20);
    TRACK_EVENTS.forEach((event, i) => {
      expect(layer[i * 2]).toEqual({ ecommerce: null });
      assertGa4(layer[i * 2 + 1], event);
    });
  });

  it('value is price x quantity (2 decimals) unless given; extra GA4 fields pass through', () => {
    const { layer, tracker } = setup();
    tracker.track('add_to_cart', {
      items: [tracker.fromCartItem(line), { ...tracker.fromCartItem(line), price: 0.1, quantity: 3 }],
    });
    expect((layer[1] as { ecommerce: { value: number } }).ecommerce.value).toBe(25.3);
    tracker.track('purchase', {
      items: [tracker.fromCartItem(line)],
      value: 29.9,
      transaction_id: 'A-1',
      shipping: 4.9,
    });
    expect(layer[3]).toMatchObject({
      event: 'purchase',
      ecommerce: { value: 29.9, transaction_id: 'A-1', shipping: 4.9, currency: 'EUR' },
    });
  });

  it('items from products and cart lines carry id, name, price, quantity, brand, affiliation, category', () => {
    const { tracker } = setup();
    expect(
      tracker.fromProduct(product({ UniqueId: 'FKZ-002', Title: '', Name: 'Parkplatzschild', Price: 19 }), 3),
    ).toEqual({
      item_id: 'FKZ-002',
      item_name: 'Parkplatzschild',
      price: 19,
      quantity: 3,
      item_brand: 'lp-de',
      affiliation: 'lp-de',
      item_category: 'nummernschilder',
    });
    expect(tracker.fromCartItem(line)).toMatchObject({
      item_id: 'KZH-001',
      item_name: 'Kennzeichenhalter',
      quantity: 2,
    });
  });

  it('the brand comes from the configuration', () => {
    const layer: unknown[] = [];
    const sdk = createSdk({
      baseUrl: 'http://x.test',
      storage: null,
      dataLayer: layer,
      consent: { marketing: true },
    });
    const tracker = createShopTracker(sdk, 'other-shop');
    tracker.track('view_item', { items: [tracker.fromCartItem(line)] });
    expect(layer[1]).toMatchObject({
      ecommerce: { items: [{ item_brand: 'other-shop', affiliation: 'other-shop' }] },
    });
  });

  it('never throws on hostile input: unknown events, missing items, junk prices', () => {
    const layer: unknown[] = [];
    const problems: string[] = [];
    const sdk = createSdk({
      baseUrl: 'http://shop.test',
      storage: null,
      dataLayer: layer,
      consent: { marketing: true },
      onTrackingError: (error) => problems.push(error.message),
    });
    const tracker = createShopTracker(sdk, 'lp-de');
    expect(() => tracker.track('steal_data' as never, { items: [] })).not.toThrow();
    expect(() => tracker.track('view_item', null as never)).not.toThrow();
    expect(() => tracker.track('view_item', { items: 'x' as never })).not.toThrow();
    const junk = tracker.fromCartItem({ ...line, price: Number.NaN, quantity: 'x' as never });
    expect(junk).toMatchObject({ price: 0, quantity: 0 });
    expect(layer.every((entry) => (entry as { event?: string }).event !== 'steal_data')).toBe(true);
    expect(problems).toContain('The event steal_data could not be tracked.');
  });
});
