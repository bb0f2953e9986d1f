/**
 * `@lp/sdk/cart`: the cart-only entry (client, cart service, cart store, app state, errors) for pages that
 * only show or fill a cart. Shipping rates come from the main entry: without them the store shows the server's
 * deliveryPrice. Budget: 3 KB min+gzip (DESIGN 7).
 */
export { createAppState } from './appState';
export type { AppState, AppStateStore, StorageLike } from './appState';
export { createClient } from './client/createClient';
export type { ClientOptions, HttpMethod, LpClient, RequestOptions } from './client/createClient';
export { createCartStore } from './cart/cartStore';
export type { CartState, CartStore, CartStoreOptions } from './cart/cartStore';
export { createCartService, emptyCart } from './services/cartService';
export type { CartService } from './services/cartService';
export { LpError, isLpError } from './errors';
export type { LpErrorCode } from './errors';
