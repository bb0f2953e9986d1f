import { type StoreApi, createStore } from 'zustand/vanilla';
import type { AppStateStore } from '../appState';
import type { Cart, PriceSummary, ShippingMethod, ShippingRateResult } from '../contract/entities';
import type { AddCartItemBody } from '../contract/payloads';
import { type LpError, nullParameterError } from '../errors';
import { type CartService, emptyCart } from '../services/cartService';
import { requireText } from '../services/requireParam';
import type { ShippingService } from '../services/shippingService';
import { countItems, freeShippingFrom, priceSummary } from './cartSummary';

/** State and actions of the cart store (spec 4 "Cart" and "Checkout"). */
export interface CartState {
  cart: Cart;
  /** Sum of the addData counts of every line. */
  count: number;
  priceSummary: PriceSummary;
  /** The first shipping rate for the cart total, or null. */
  shippingMethod: ShippingRateResult | null;
  /** Goods total from which shipping is free (0 if never). */
  freeShippingFrom: number;
  /** True while a cart request runs. */
  pending: boolean;
  /** The last error of an action, cleared by the next success. */
  error: LpError | null;
  /** Loads the cart of the stored guid (the empty default without one). @example await store.getState().load(); */
  load(): Promise<Cart>;
  /** Adds a configured line. @example await store.getState().add({ productUniqueId: 'FKZ-001', quantity: 1, addData }); */
  add(body: AddCartItemBody): Promise<Cart>;
  /** @example await store.getState().update(line.itemInternalId, 3); */
  update(itemInternalId: string, quantity: number): Promise<Cart>;
  /** @example await store.getState().remove(line.itemInternalId); */
  remove(itemInternalId: string): Promise<Cart>;
  /** Issue 13: puts a coupon on the cart; the totals then count it. @example await store.getState().applyCoupon('WILLKOMMEN10'); */
  applyCoupon(code: string): Promise<Cart>;
  /** @example await store.getState().removeCoupon(); */
  removeCoupon(): Promise<Cart>;
  /**
   * Empties the cart locally and forgets its guid (after an order, for instance). Answers of requests already sent
   * are ignored; an action still queued runs afterwards, on a new cart. @example store.getState().clear();
   */
  clear(): void;
  /**
   * Takes over a cart guid handed over by link (`/cart?cartGuid=...`) and loads that cart.
   * @example await store.getState().adoptCartGuid(new URL(location.href).searchParams.get('cartGuid')!);
   */
  adoptCartGuid(cartGuid: string): Promise<Cart>;
  /** spec 4: possible only once a cart with a guid exists. @example await store.getState().startCheckout(); */
  startCheckout(): Promise<void>;
  /** @example await store.getState().stopCheckout(); */
  stopCheckout(): Promise<void>;
}

export type CartStore = StoreApi<CartState>;

/** Dependencies of {@link createCartStore}. */
export interface CartStoreOptions {
  cart: CartService;
  appState: AppStateStore;
  /** Shipping rates for the price summary; without it the cart's own deliveryPrice is used. */
  shipping?: Pick<ShippingService, 'rates' | 'activeMethods'>;
  /** The company id for shipping rates (usually `() => sdk.getCompany().then((c) => c.UniqueId)`). */
  companyId?: () => Promise<number>;
}

/**
 * The cart store on `zustand/vanilla`. Every add, update and remove replaces the cart, recounts, stores the
 * guid in the app state and refreshes price summary, shipping method and free-shipping threshold (spec 4).
 * Cart requests run one after another through one queue, so concurrent adds lose nothing. Actions reject with
 * the {@link LpError} they also put into `error`.
 *
 * @example
 * const store = createCartStore({ cart: createCartService(client), appState });
 * store.subscribe((state) => render(state.count));
 * await store.getState().add(body);
 */
export function createCartStore({
  cart: service,
  appState,
  shipping,
  companyId,
}: CartStoreOptions): CartStore {
  let queue: Promise<unknown> = Promise.resolve();
  let running = 0;
  // Bumped by clear(): answers of requests started before it no longer apply.
  let epoch = 0;
  let methods: Promise<ShippingMethod[]> | undefined;
  const empty = () => ({
    cart: emptyCart(),
    count: 0,
    priceSummary: priceSummary(emptyCart(), 0),
    shippingMethod: null,
    error: null,
  });

  return createStore<CartState>()((set, get) => {
    const reset = () => {
      appState.set({ CartGuid: null });
      set(empty());
    };
    /** Runs one cart request after the previous ones; keeps `pending` and `error` up to date. */
    const run = <T>(job: (started: number) => Promise<T>): Promise<T> => {
      set({ pending: ++running > 0 });
      // The epoch is read when the job starts: a request still queued at clear() runs after it, into a new cart,
      // instead of being sent for an answer nobody applies (the shopper's add would be lost).
      const result = queue.then(() => job(epoch));
      queue = result.catch(() => {});
      return result.then(
        (value) => {
          set({ pending: --running > 0, error: null });
          return value;
        },
        (error: LpError) => {
          set({ pending: --running > 0, error });
          throw error;
        },
      );
    };

    /** spec 4: replace the cart, recount, store the guid, refresh price and shipping from the rates. */
    const replace = (call: () => Promise<Cart>) =>
      run(async (started) => {
        const cart = await call();
        if (started !== epoch) return cart;
        // A cart without guid is the empty default (no stored guid, or spec 8: unknown guid answers 400).
        if (!cart.cartGuid) {
          reset();
          return cart;
        }
        appState.set({ CartGuid: cart.cartGuid });
        set({ cart, count: countItems(cart) });
        let rate: ShippingRateResult | null = null;
        let amount = cart.deliveryPrice;
        let free = get().freeShippingFrom;
        if (shipping && companyId) {
          try {
            const id = await companyId();
            // spec 4: the first returned rate is used; shipping cost 0 if none.
            rate = (await shipping.rates(id, cart.totalAmount))[0] ?? null;
            amount = rate?.shippingCost ?? 0;
            methods ??= shipping.activeMethods(id);
            free = freeShippingFrom(await methods, rate);
          } catch {
            // The cart change itself succeeded; without rates the server's deliveryPrice stands in.
            methods = undefined;
          }
        }
        if (started === epoch)
          set({ priceSummary: priceSummary(cart, amount), shippingMethod: rate, freeShippingFrom: free });
        return cart;
      });

    return {
      ...empty(),
      freeShippingFrom: 0,
      pending: false,
      // spec 4: without a stored cart guid the cart is the empty default (no request). The guid is read when the
      // job runs, so a load queued behind a first add loads that add's cart.
      load: () => replace(async () => (appState.get().CartGuid ? service.getCart() : emptyCart())),
      add: (body) => replace(() => service.addItem(body)),
      update: (itemInternalId, quantity) => replace(() => service.updateItem({ itemInternalId, quantity })),
      remove: (itemInternalId) => replace(() => service.removeItem({ itemInternalId })),
      applyCoupon: (code) => replace(() => service.applyCoupon(code)),
      removeCoupon: () => replace(service.removeCoupon),
      clear() {
        epoch++;
        reset();
      },
      async adoptCartGuid(cartGuid) {
        const guid = requireText('cartGuid', cartGuid);
        await queue;
        appState.set({ CartGuid: guid });
        return get().load();
      },
      startCheckout: () =>
        run(async () => {
          // spec 4: checkout can start only once a cart with a guid exists.
          if (!get().cart.cartGuid) throw nullParameterError('cartGuid');
          await service.startCheckout();
        }),
      stopCheckout: () => run(service.stopCheckout),
    };
  });
}
