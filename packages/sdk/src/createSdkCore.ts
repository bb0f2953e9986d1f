import { type AppStateStore, type StorageLike, createAppState } from './appState';
import { type CartStore, createCartStore } from './cart/cartStore';
import { type LpClient, createClient } from './client/createClient';
import type { TransferState } from './client/transferState';
import { COMPANY_ALIAS } from './contract/constants';
import type { Company } from './contract/entities';
import type { AddCartItemBody } from './contract/payloads';
import type { LpError } from './errors';
import { type CartService, createCartService } from './services/cartService';
import { type CatalogueService, createCatalogueService } from './services/catalogueService';
import { requireObject } from './services/requireParam';
import { type ShippingService, createShippingService } from './services/shippingService';
import { type DataLayer, type Tracker, createTracker } from './tracking/createTracker';

/** Options of {@link createSdk} and {@link createSdkCore}. */
export interface SdkOptions {
  /** Origin of the shop API, e.g. `http://127.0.0.1:4000` (absolute on a server). @default '' (same origin) */
  baseUrl?: string;
  /** Company alias of the shop (spec 1). @default 'lp-de' */
  companyAlias?: string;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Storage of the app state (`AppState` key). @default localStorage in a page (with a `document`), else memory */
  storage?: StorageLike | null;
  /** Server-rendered GET answers (spec 7); keys from `transferStateKey`. */
  transferState?: TransferState;
  /** Time limit of a whole call in ms; 0 and NaN mean the default, at most 2,147,483,647. @default 15000 */
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

/**
 * What {@link createSdkCore} returns: the parts a shop's first view uses (browse, fill the cart, count it, track).
 * `createSdk()` returns these plus the services a later step needs (`Sdk`).
 */
export interface SdkCore {
  client: LpClient;
  appState: AppStateStore;
  companyAlias: string;
  /**
   * The shop's company, fetched once and cached (spec 7: run at startup); a failure is retried next time.
   * @example const { UniqueId } = await sdk.getCompany(); // 1001
   */
  getCompany(): Promise<Company>;
  /** Cart calls of spec 7 (the image upload is `createCartImageUpload(core.client)`). */
  cart: CartService;
  catalogue: CatalogueService;
  shipping: ShippingService;
  cartStore: CartStore;
  tracker: Tracker;
}

/**
 * The composition root's first half, for apps that bundle only what a view uses: the client, app state, company,
 * cart service, catalogue, shipping, cart store and tracker, wired as `createSdk()` wires them. The other services
 * are made from its parts when a view needs them, e.g. in a lazily loaded chunk:
 * `createOrderService(core.client, core.appState)`, `createCheckoutService({ cart: core.cart, orders, appState:
 * core.appState })`, `createCouponService(core.client)`, `createContentService(core.client)`,
 * `createCartImageUpload(core.client)`. `createSdk(options)` is this core plus all of them.
 *
 * @example
 * const core = createSdkCore({ baseUrl: 'http://127.0.0.1:4000' });
 * await core.cartStore.getState().load();
 * // later, on the checkout page:
 * const orders = createOrderService(core.client, core.appState);
 * const checkout = createCheckoutService({ cart: core.cart, orders, appState: core.appState });
 */
export function createSdkCore(options: SdkOptions = {}): SdkCore {
  const companyAlias = options.companyAlias ?? COMPANY_ALIAS;
  const appState = createAppState(options.storage);
  const client = createClient({ ...options, appState });
  const catalogue = createCatalogueService(client);
  const service = createCartService(client);
  const { dealer } = options;
  const cart = {
    ...service,
    // An add's own `dealer` wins over the page's.
    ...(dealer && {
      addItem: async (body: AddCartItemBody) => service.addItem({ dealer, ...requireObject('body', body) }),
    }),
  };
  const shipping = createShippingService(client);
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
    catalogue,
    shipping,
    cartStore: createCartStore({
      cart,
      appState,
      shipping,
      companyId: () => getCompany().then((c) => c.UniqueId),
    }),
    tracker: createTracker({ ...options, onError: options.onTrackingError }),
  };
}
