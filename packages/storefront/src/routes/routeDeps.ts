import type { PublicConfig } from '../config';
import type { ShopData } from '../data/shopData';
import type { ServerCartForPage } from '../features/cart/cartLoader';

/**
 * What the route loaders read: the shop's data and configuration, and on the server the shopper's cart. A module of
 * its own (not createRoutes.tsx) so the server's page-data module and the examples that type-check it need no JSX.
 */
export interface RouteDeps {
  data: ShopData;
  config: PublicConfig;
  /** The server's cart read (entry-server): the cart page's HTML shows the shopper's cart. */
  serverCart?: ServerCartForPage;
}
