import type { Sdk } from '@lp/sdk';
import type { Product } from '@lp/sdk/contract';
import { createWidgetSdk } from './createWidgetSdk';
import { pageSlot } from './shared/pageSlot';

/**
 * The part of the SDK the elements (generator, banner, print editor) use. A full `createSdk()` instance fits
 * (the storefront hands in its own); on their own the elements build a slimmer one (no orders, coupons,
 * content, shipping or tracking) to stay in the script's budget.
 */
export type LpSdk = Pick<Sdk, 'cartStore' | 'getCompany' | 'companyAlias' | 'cart'> & {
  catalogue: Pick<Sdk['catalogue'], 'productByAlias' | 'products'>;
};

/**
 * Page-wide settings read from the script tag (`data-api`, `data-company`, `data-shop-url`, `data-dealer`) or set
 * in code.
 */
export interface WidgetDefaults {
  api?: string;
  company?: string;
  shopUrl?: string;
  /** The dealer id the shop registered for this site: every add-to-cart credits the dealer (issue 12). */
  dealer?: string;
}

interface Entry {
  sdk: LpSdk;
  products: Map<string, Promise<Product>>;
}

interface SharedState {
  sdks: Map<string, Entry>;
  defaults: WidgetDefaults;
}

// DESIGN 4: many instances share one SDK and one cart per (api, company). The lazily loaded editor chunk may bundle
// its own copy of this module, so the state lives on the page's one global (pageSlot).
let localState: SharedState | undefined;

function shared(): SharedState {
  const create = (): SharedState => ({ sdks: new Map(), defaults: {} });
  if (typeof window === 'undefined') {
    localState ??= create();
    return localState;
  }
  return pageSlot('lp.widget.shared', create);
}

/** The default company alias (spec 9). */
export const DEFAULT_COMPANY = 'lp-de';

/** `http://x:4000/` and `http://x:4000` are the same API. */
function normaliseApi(api: string): string {
  return api.trim().replace(/\/+$/, '');
}

function keyOf(api: string, company: string, dealer = ''): string {
  return `${normaliseApi(api)}|${company}|${dealer}`;
}

/** Page-wide defaults for elements that leave `api`, `company` or `shop-url` out. */
export function setDefaults(defaults: WidgetDefaults): void {
  Object.assign(shared().defaults, defaults);
}

export function getDefaults(): Readonly<WidgetDefaults> {
  return shared().defaults;
}

function entryFor(api: string, company: string, dealer?: string): Entry {
  const state = shared();
  const key = keyOf(api, company, dealer);
  let entry = state.sdks.get(key);
  if (!entry) {
    entry = { sdk: createWidgetSdk(normaliseApi(api), company, dealer), products: new Map() };
    state.sdks.set(key, entry);
  }
  return entry;
}

/**
 * The one SDK of this page for `(api, company, dealer)`, created on first use. Every element with the same values
 * gets the same instance, hence the same cart store and cart count. With a `dealer` id every add-to-cart credits
 * that dealer.
 *
 * @example
 * const sdk = getSdk('https://api.example.de', 'lp-de', 'autohaus-muster');
 * sdk.cartStore.subscribe((state) => console.log(state.count));
 */
export function getSdk(api: string, company: string = DEFAULT_COMPANY, dealer?: string | null): LpSdk {
  return entryFor(api, company, dealer || undefined).sdk;
}

/** The SDK of an element: its `sdk` property, else its attributes, else the page defaults. */
export function elementSdk(props: {
  sdk?: LpSdk | undefined;
  api: string | null;
  company: string | null;
  dealer?: string | null;
}): LpSdk {
  const defaults = shared().defaults;
  return (
    props.sdk ??
    getSdk(
      props.api ?? defaults.api ?? '',
      props.company ?? defaults.company ?? DEFAULT_COMPANY,
      props.dealer ?? defaults.dealer,
    )
  );
}

/**
 * Lets a host application hand in its own SDK (the storefront does, so its header cart count and the widget
 * share one cart). Elements configured with the same `(api, company)` then use it.
 *
 * @example
 * provideSdk(storefrontSdk, { api: '', company: 'lp-de' });
 */
export function provideSdk(sdk: LpSdk, where: { api: string; company?: string }): void {
  const company = where.company ?? DEFAULT_COMPANY;
  shared().sdks.set(keyOf(where.api, company), { sdk, products: new Map() });
}

/**
 * The product by alias, loaded once per SDK and alias (two generators on a page make one request). A failed load
 * is forgotten so the next call retries.
 */
export function loadProduct(sdk: LpSdk, alias: string): Promise<Product> {
  const entry = [...shared().sdks.values()].find((candidate) => candidate.sdk === sdk);
  const cache = entry?.products ?? new Map<string, Promise<Product>>();
  let pending = cache.get(alias);
  if (!pending) {
    pending = sdk.getCompany().then((company) => sdk.catalogue.productByAlias(company.UniqueId, alias));
    cache.set(alias, pending);
    pending.catch(() => cache.delete(alias));
  }
  return pending;
}
