import {
  createAppState,
  createCartImageUpload,
  createCartService,
  createCartStore,
  createClient,
} from '@lp/sdk';
import { createProductCalls } from '@lp/sdk/catalogue';
import type { AddCartItemBody, Company } from '@lp/sdk/contract';
import type { LpSdk } from './sdkRegistry';

/**
 * The SDK the elements build for themselves from the SDK's own parts: client, app state (the cart guid in
 * `localStorage` `AppState`), cart service with the image upload, the catalogue's product calls and cart store, wired as
 * `createSdk()` wires them, minus the services a configurator never calls (orders, coupons, content, shipping,
 * tracking; DESIGN 7: the initial script has 20 KB gzip), and with the page's dealer id in every add. Without shipping rates the store shows the server's
 * `deliveryPrice`, which the widget does not display anyway.
 *
 * @example
 * const sdk = createWidgetSdk('https://api.example.de', 'lp-de', 'autohaus-muster');
 * await sdk.cartStore.getState().add(body);
 */
export function createWidgetSdk(baseUrl: string, companyAlias: string, dealer?: string): LpSdk {
  const appState = createAppState();
  const client = createClient({ baseUrl, appState });
  const service = createCartService(client);
  const cart = {
    ...service,
    // Issue 12: every add credits the page's dealer (as createSdk's `dealer` option; a body's own id wins).
    addItem: dealer ? (body: AddCartItemBody) => service.addItem({ dealer, ...body }) : service.addItem,
    addItemImage: createCartImageUpload(client),
  };
  // Company, product and product list only: the menu, category tree and discounts are the shop's, not a configurator's.
  const catalogue = createProductCalls(client);
  let company: Promise<Company> | undefined;
  const getCompany = () => {
    company ??= catalogue.company(companyAlias).catch((error: unknown) => {
      company = undefined; // spec 7: a failed start-up call is retried next time
      throw error;
    });
    return company;
  };
  return { companyAlias, getCompany, cart, catalogue, cartStore: createCartStore({ cart, appState }) };
}
