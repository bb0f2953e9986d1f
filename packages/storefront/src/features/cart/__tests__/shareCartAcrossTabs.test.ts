import { type Cart, type CartStore, createAppState, createMemoryStorage } from '@lp/sdk';
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

/**
 * A tab's cart store as far as the sharing uses it: its cart, and a load that records the call; and the guid this
 * tab reads from the shared storage (its own copy: another tab's write reaches it when the test says so).
 */
function tabStore(cart: Cart) {
  const load = vi.fn(async () => cart);
  const store = createStore(() => ({ cart, load }));
  const appState = createAppState(createMemoryStorage());
  appState.set({ CartGuid: cart.cartGuid });
  return { store: store as unknown as CartStore, raw: store, load, appState };
}

const share = (tab: ReturnType<typeof tabStore>) => stops.push(shareCartAcrossTabs(tab.store, tab.appState));

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
    share(tab);
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
    share(tab);
    window.dispatchEvent(new StorageEvent('storage', { key: 'lp-consent' }));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    expect(tab.load).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: APP_STATE_KEY }));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(tab.load).toHaveBeenCalledTimes(2);
  });

  it('waits for the storage event when told of a cart whose guid this tab cannot read yet', async () => {
    const other = new BroadcastChannel('lp-cart');
    stops.push(() => other.close());
    // This tab holds no cart; the other tab made one, stored its guid and told, but the storage write has not
    // reached this tab: reading now would find no guid and write "no cart" over the other tab's.
    const tab = tabStore(cartOf(null, 0));
    share(tab);
    other.postMessage(JSON.stringify(cartOf('new', 1)));
    // A channel message arrives within a task or two; 50 ms is long past it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tab.load).not.toHaveBeenCalled();
    tab.appState.set({ CartGuid: 'new' });
    window.dispatchEvent(new StorageEvent('storage', { key: APP_STATE_KEY }));
    expect(tab.load).toHaveBeenCalledTimes(1);

    // A cleared cart (an order paid elsewhere) told while this tab still reads the old guid: not read back either.
    const holder = tabStore(cartOf('old', 2));
    share(holder);
    other.postMessage(JSON.stringify(cartOf(null, 0)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(holder.load).not.toHaveBeenCalled();
  });
});
