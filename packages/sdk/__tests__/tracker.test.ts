import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LpError } from '../src/errors';
import { TRACK_EVENTS } from '../src/tracking/trackEvents';
import { createTracker } from '../src/tracking/createTracker';

const item = { item_id: 'FKZ-001', item_name: 'Funschild', price: 14.9, quantity: 2 };

function setup(consent = true) {
  const dataLayer: unknown[] = [];
  const errors: LpError[] = [];
  const tracker = createTracker({
    dataLayer,
    consent: { marketing: consent },
    now: Date.now,
    onError: (e) => errors.push(e),
  });
  const events = () =>
    dataLayer.filter((e) => (e as { event?: string }).event).map((e) => (e as { event: string }).event);
  return { dataLayer, errors, tracker, events };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('GA4 ecommerce pushes (spec 4)', () => {
  it.each(TRACK_EVENTS)('%s is pushed after an ecommerce reset', (event) => {
    const { dataLayer, tracker } = setup();
    tracker.track(event, { items: [item] });
    expect(dataLayer).toEqual([
      { ecommerce: null },
      {
        event,
        ecommerce: {
          currency: 'EUR',
          value: 29.8,
          items: [
            {
              item_id: 'FKZ-001',
              item_name: 'Funschild',
              item_brand: 'lp-de',
              affiliation: 'lp-de',
              item_category: 'nummernschilder',
              price: 14.9,
              quantity: 2,
            },
          ],
        },
      },
    ]);
  });

  it('keeps extra GA4 fields and an explicit value', () => {
    const { dataLayer, tracker } = setup();
    tracker.track('purchase', {
      items: [item],
      value: 34.7,
      transaction_id: 'LP-100001',
      shipping: 4.9,
      coupon: 'SOMMER10',
    });
    expect(dataLayer[1]).toMatchObject({
      event: 'purchase',
      ecommerce: {
        value: 34.7,
        transaction_id: 'LP-100001',
        shipping: 4.9,
        coupon: 'SOMMER10',
        currency: 'EUR',
      },
    });
  });

  it('passes a positive per-unit discount on to GA4 and leaves it out otherwise', () => {
    const { tracker, dataLayer } = setup(true);
    tracker.track('view_cart', {
      items: [
        { ...item, price: 13.41, discount: 1.49, quantity: 10 },
        { ...item, item_id: 'KZH-001', discount: 0 },
        { ...item, item_id: 'KZH-002', discount: 'x' as never },
      ],
    });
    const pushed = (dataLayer[1] as { ecommerce: { value: number; items: Record<string, unknown>[] } })
      .ecommerce;
    expect(pushed.items[0]).toMatchObject({ price: 13.41, discount: 1.49, quantity: 10 });
    expect(pushed.items[1]).not.toHaveProperty('discount');
    expect(pushed.items[2]).not.toHaveProperty('discount');
    // value is what the shopper pays: the discounted unit prices
    expect(pushed.value).toBe(193.7);
  });
});

describe('consent queue (spec 4)', () => {
  it('holds events without consent and releases them about 200 ms after consent, in order', async () => {
    const { tracker, events } = setup(false);
    tracker.track('view_item', { items: [item] });
    tracker.track('add_to_cart', { items: [item] });
    expect(events()).toEqual([]);
    tracker.setConsent({ marketing: true });
    tracker.track('view_cart', { items: [item] });
    await vi.advanceTimersByTimeAsync(199);
    expect(events()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(events()).toEqual(['view_item', 'add_to_cart', 'view_cart']);
    tracker.track('begin_checkout', { items: [] });
    expect(events().at(-1)).toBe('begin_checkout');
  });

  it('drops pending events when consent is withdrawn', async () => {
    const { tracker, events } = setup(false);
    tracker.track('view_item', { items: [item] });
    tracker.setConsent({ marketing: true });
    tracker.setConsent({ marketing: false });
    await vi.advanceTimersByTimeAsync(1000);
    expect(events()).toEqual([]);
    tracker.setConsent({ marketing: true });
    await vi.advanceTimersByTimeAsync(200);
    expect(events()).toEqual([]);
  });

  it('drops events held before a refusal, even without earlier consent (issue 13: a refusal is a withdrawal)', async () => {
    const { tracker, events } = setup(false);
    tracker.track('view_item', { items: [item] });
    tracker.track('add_to_cart', { items: [item] });
    // "Nur notwendige": consent stays missing, the held events go now.
    tracker.setConsent({ marketing: false });
    tracker.track('view_cart', { items: [item] });
    // Consent given later releases only what was tracked after the refusal.
    tracker.setConsent({ marketing: true });
    await vi.advanceTimersByTimeAsync(200);
    expect(events()).toEqual(['view_cart']);
  });

  it('stops pushing after withdrawal', async () => {
    const { tracker, events } = setup(true);
    tracker.track('view_item', { items: [] });
    tracker.setConsent({ marketing: false });
    tracker.track('add_to_cart', { items: [] });
    await vi.advanceTimersByTimeAsync(1000);
    expect(events()).toEqual(['view_item']);
  });

  it('pending events expire after 60 s', async () => {
    const { tracker, events } = setup(false);
    tracker.track('view_item', { items: [] });
    await vi.advanceTimersByTimeAsync(59_000);
    tracker.track('add_to_cart', { items: [] });
    await vi.advanceTimersByTimeAsync(1_000);
    tracker.setConsent({ marketing: true });
    await vi.advanceTimersByTimeAsync(200);
    expect(events()).toEqual(['add_to_cart']);
  });
});

describe('failures never reach the caller', () => {
  it('a missing data layer is retried once after 1 s, then reported', async () => {
    let layer: unknown[] | undefined;
    const errors: LpError[] = [];
    const tracker = createTracker({
      dataLayer: () => layer,
      consent: { marketing: true },
      onError: (e) => errors.push(e),
    });
    tracker.track('view_item', { items: [] });
    await vi.advanceTimersByTimeAsync(1000);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toBe('The parameter dataLayer cannot be null.');
    layer = [];
    tracker.track('view_cart', { items: [] });
    await vi.advanceTimersByTimeAsync(1000);
    expect(layer).toHaveLength(2);
    expect(errors).toHaveLength(1);
  });

  it('a data layer that appears within 1 s gets the event', async () => {
    let layer: unknown[] | undefined;
    const tracker = createTracker({
      dataLayer: () => layer,
      consent: { marketing: true },
      onError: () => {},
    });
    tracker.track('view_item', { items: [] });
    layer = [];
    await vi.advanceTimersByTimeAsync(1000);
    expect(layer).toHaveLength(2);
  });

  it('unknown events, bad payloads, throwing data layers and throwing reporters never throw', () => {
    const errors: LpError[] = [];
    const tracker = createTracker({
      dataLayer: {
        push: () => {
          throw new Error('blocked by extension');
        },
      },
      consent: { marketing: true },
      onError: (e) => errors.push(e),
    });
    expect(() => tracker.track('hack' as never, { items: [] })).not.toThrow();
    expect(() => tracker.track('view_item', null as never)).not.toThrow();
    expect(() => tracker.track('view_item', { items: 'x' as never })).not.toThrow();
    expect(() => tracker.setConsent(null as never)).not.toThrow();
    expect(errors.map((e) => e.code)).toEqual(['invalidParameter', 'invalidParameter', 'invalidParameter']);
    const loud = createTracker({
      dataLayer: [],
      consent: { marketing: true },
      onError: () => {
        throw new Error('x');
      },
    });
    expect(() => loud.track('nope' as never, { items: [] })).not.toThrow();
  });

  it('uses window.dataLayer by default', () => {
    const g = globalThis as { dataLayer?: unknown[] };
    g.dataLayer = [];
    createTracker({ consent: { marketing: true } }).track('view_item', { items: [] });
    expect(g.dataLayer).toHaveLength(2);
    delete g.dataLayer;
  });
});
