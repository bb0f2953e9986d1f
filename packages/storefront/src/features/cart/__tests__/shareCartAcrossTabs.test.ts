import type { Cart, CartStore } from '@lp/sdk';
import { APP_STATE_KEY } from '@lp/sdk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { shareCartAcrossTabs } from '../shareCartAcrossTabs';

const cartOf = (guid: string | null, lines: number): Cart =>
  ({
    id: 1,
    userId: null,
    cartGuid: guid,
    deliveryPrice: 0,
    totalAmount: lines,
    items: [],
  }) as unknown as Cart;

/** A tab's cart store as far as the sharing uses it: its cart, and a load that records the call. */
function tabStore(cart: Cart) {
  const load = vi.fn(async () => cart);
  const store = createStore(() => ({ cart, load }));
  return { store: store as unknown as CartStore, raw: store, load };
}

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe('shareCartAcrossTabs', () => {
  it('tells its cart as it starts and at each change; reads again only when told of a different cart', async () => {
    // The other tab, as a bare channel: messages from one sender arrive in order.
    const other = new BroadcastChannel('lp-cart');
    const heard: string[] = [];
    other.onmessage = (event) => heard.push(event.data as string);
    stops.push(() => other.close());
    const tab = tabStore(cartOf('g', 1));
    stops.push(shareCartAcrossTabs(tab.store));
    await vi.waitFor(() => expect(heard).toEqual([JSON.stringify(cartOf('g', 1))]));

    tab.raw.setState({ cart: cartOf('g', 2) });
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    expect(heard[1]).toBe(JSON.stringify(cartOf('g', 2)));

    // The same cart told back (an echo) reads nothing; a different one reads the cart once.
    other.postMessage(JSON.stringify(cartOf('g', 2)));
    other.postMessage(JSON.stringify(cartOf('g', 3)));
    await vi.waitFor(() => expect(tab.load).toHaveBeenCalled());
    other.postMessage(JSON.stringify(cartOf('g', 2)));
    other.postMessage(JSON.stringify(cartOf('g', 4)));
    await vi.waitFor(() => expect(tab.load).toHaveBeenCalledTimes(2));
  });

  it('reads the cart again when another tab changes the stored guid, and after a back-forward cache restore', () => {
    const tab = tabStore(cartOf('g', 1));
    stops.push(shareCartAcrossTabs(tab.store));
    window.dispatchEvent(new StorageEvent('storage', { key: 'lp-consent' }));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    expect(tab.load).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: APP_STATE_KEY }));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(tab.load).toHaveBeenCalledTimes(2);
  });
});
