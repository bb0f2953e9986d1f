import { type AppStateStore, type StorageLike, createAppState } from './appState';
import { type LpClient, createClient } from './client/createClient';
import type { TransferState } from './client/transferState';
import { type CartStore, createCartStore } from './cart/cartStore';
import { COMPANY_ALIAS } from './contract/constants';
import type { Company } from './contract/entities';
import type { AddCartItemBody } from './contract/payloads';
import { createCartImageUpload } from './services/cartImageUpload';
import { type CartService, createCartService } from './services/cartService';
import { type CheckoutService, createCheckoutService } from './services/checkoutService';
import { createCatalogueService } from './services/catalogueService';
import { createContentService } from './services/contentService';
import { createCouponService } from './services/couponService';
import { createOrderService } from './services/orderService';
import { requireObject } from './services/requireParam';
import { createShippingService } from './services/shippingService';
import { type DataLayer, type Tracker, createTracker } from './tracking/createTracker';
import type { LpError } from './errors';

/** Options of {@link createSdk}. */
export interface SdkOptions {
  /** Origin of the shop API, e.g. `http://127.0.0.1:4000`. @default '' (same origin) */
  baseUrl?: string;
  /** Company alias of the shop (spec 1). @default 'lp-de' */
  companyAlias?: string;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Storage of the app state (`AppState` key). @default localStorage, else memory */
  storage?: StorageLike | null;
  /** Server-rendered GET answers (spec 7); keys from `transferStateKey`. */
  transferState?: TransferState;
  /** @default 15000 */
  timeoutMs?: number;
  /** GET retries after network errors. @default 2 */
  retries?: number;
  /** @default 200 */
  retryDelayMs?: number;
  /** @default () => globalThis.dataLayer */
  dataLayer?: DataLayer | (() => DataLayer | undefined | null);
  /** @default { marketing: false } */
  consent?: { marketing: boolean };
  /** Tracking problems go here. @default console.error */
  onTrackingError?: (error: LpError) => void;
  /**
   * Issue 12: the registered dealer id of the page (`autohaus-meyer`), sent with every cart add unless the add names
   * its own `dealer`; the cart and its order are credited to the first dealer recorded.
   */
  dealer?: string;
}

/** Everything `createSdk` returns. */
export interface Sdk {
  client: LpClient;
  appState: AppStateStore;
  companyAlias: string;
  /**
   * The shop's company, fetched once and cached (spec 7: run at startup); a failure is retried next time.
   * @example const { UniqueId } = await sdk.getCompany(); // 1001
   */
  getCompany(): Promise<Company>;
  /** Cart calls of spec 7, image upload included. */
  cart: CartService & { addItemImage: ReturnType<typeof createCartImageUpload> };
  coupons: ReturnType<typeof createCouponService>;
  orders: ReturnType<typeof createOrderService>;
  catalogue: ReturnType<typeof createCatalogueService>;
  content: ReturnType<typeof createContentService>;
  shipping: ReturnType<typeof createShippingService>;
  /**
   * The order workflow of spec 4 (addresses, save, coupon, confirm, payment) with typed outcomes.
   * @example const outcome = await sdk.checkout.placeOrder(input); // { kind: 'redirect', redirectUrl, headerGuid } | …
   */
  checkout: CheckoutService;
  cartStore: CartStore;
  tracker: Tracker;
}

/**
 * The composition root: builds the client once and hands it to every service, the cart store and the tracker.
 *
 * @example
 * const sdk = createSdk({ baseUrl: 'http://127.0.0.1:4000' });
 * const company = await sdk.getCompany();
 * const { items } = await sdk.catalogue.products(company.UniqueId);
 * await sdk.cartStore.getState().add({ productUniqueId: items[0].UniqueId, quantity: 1, addData: [...] });
 */
export function createSdk(options: SdkOptions = {}): Sdk {
  const companyAlias = options.companyAlias ?? COMPANY_ALIAS;
  const appState = createAppState(options.storage);
  const client = createClient({ ...options, appState });
  const catalogue = createCatalogueService(client);
  const cartService = createCartService(client);
  const { dealer } = options;
  const cart = {
    ...cartService,
    addItemImage: createCartImageUpload(client),
    // An add's own `dealer` wins over the page's.
    ...(dealer && {
      addItem: async (body: AddCartItemBody) =>
        cartService.addItem({ dealer, ...requireObject('body', body) }),
    }),
  };
  const shipping = createShippingService(client);
  const orders = createOrderService(client, appState);
  const coupons = createCouponService(client);
  let company: Promise<Company> | undefined;
  const getCompany = () => {
    company ??= catalogue.company(companyAlias).catch((error) => {
      company = undefined; // a failed start-up call is retried next time
      throw error;
    });
    return company;
  };
  return {
    client,
    appState,
    companyAlias,
    getCompany,
    cart,
    coupons,
    orders,
    catalogue,
    content: createContentService(client),
    shipping,
    checkout: createCheckoutService({ cart, orders, appState }),
    cartStore: createCartStore({
      cart,
      appState,
      shipping,
      companyId: () => getCompany().then((c) => c.UniqueId),
    }),
    tracker: createTracker({ ...options, onError: options.onTrackingError }),
  };
}
