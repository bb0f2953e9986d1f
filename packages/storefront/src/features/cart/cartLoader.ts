import type { Product } from '@lp/sdk/contract';
import type { LoaderFunctionArgs } from 'react-router-dom';
import type { PublicConfig } from '../../config';
import { type CardProduct, cardProduct } from '../../data/cardProduct';
import type { ShopData } from '../../data/shopData';
import { upsellProducts } from '../../data/upsell';
import { serverPages } from '../../routes/serverPages';
import type { CartSnapshot } from './serverCart';

/** The cart page's loader data. */
export interface CartPageData {
  /**
   * The cart the server read: the shopper's (cart cookie) or, on a widget handoff, the handed-over one. Null when
   * the server knows no cart (no cookie; in the browser) or could not read it: the browser's cart store shows it.
   */
  snapshot: CartSnapshot | null;
  /** A handoff meets a non-empty cart of the shopper's own: the page asks before replacing it. */
  ask: boolean;
  /**
   * The cookie's cart belongs to an account: the server, which sees no session, does not render it (serverCart.ts),
   * and the page says it is loading, not empty, until the browser's cart store has it (session 25 review).
   */
  accountCart?: true;
  /** Minimum quantities above 1 (spec 5), by product or variant id, of the cart's products. */
  minimums: Record<string, number>;
  /**
   * Upsell candidates (spec 4 rules), more than are shown, so lines added from them can be left out; their cards'
   * part (data/cardProduct.ts): a card adds only a product of at most one variant, whose variant stays.
   */
  upsell: CardProduct[];
}

/** Which cart the server shows for a page request (serverCart.ts); absent in the browser. */
export type ServerCartForPage = (
  request: Request,
) => Promise<Pick<CartPageData, 'snapshot' | 'ask' | 'accountCart'>>;

export interface CartLoaderDeps {
  data: ShopData;
  config: PublicConfig;
  /** The server's cart read (entry-server); the browser's cart store has the cart. */
  serverCart?: ServerCartForPage;
}

/** The page shows four; two more stand in for products the shopper adds from the list. */
const UPSELL_CANDIDATES = 6;

function minimumsOf(products: readonly Product[], wanted: (id: string) => boolean): Record<string, number> {
  const minimums: Record<string, number> = {};
  for (const product of products) {
    if (!(product.MinQuantity > 1)) continue;
    for (const id of [product.UniqueId, ...(product.Variants ?? []).map((variant) => variant.UniqueId)])
      if (wanted(id)) minimums[id] = product.MinQuantity;
  }
  return minimums;
}

/**
 * spec 2 cart page. On the server: the shopper's cart (read by the guid in the cart cookie, or the one handed over
 * by `?cartGuid=`), so the page's HTML shows its lines; and what the lines need from the catalogue (minimums,
 * upsell), so the browser does not read the whole product list. In the browser (client navigation) the cart store
 * has the cart; only the catalogue part is loaded, from the shop's server. Never fails: without the catalogue, minimum 1 and no upsell.
 */
export const cartLoader = ({ data, config, serverCart }: CartLoaderDeps) => {
  // A client navigation takes the catalogue part from the shop's server (server/pageData.ts: minimums and upsell
  // from the catalogue it keeps, no cart), not every products page of the API read in the browser.
  const fromServer = serverPages(data);
  return async ({ request }: LoaderFunctionArgs): Promise<CartPageData> => {
    const served = await fromServer<CartPageData>(request);
    if (served) return served;
    const [shown, products] = await Promise.all([
      serverCart ? serverCart(request) : { snapshot: null, ask: false },
      data.products().catch((): Product[] => []),
    ]);
    // With the lines known, only their products' minimums travel; else (the browser's cart store will show a cart
    // the server did not read) every product's.
    const { snapshot } = shown;
    const lines = new Set((snapshot?.cart.items ?? []).map((item) => item.productUniqueId));
    const upsell = upsellProducts(
      products.filter((product) => !lines.has(product.UniqueId)),
      { mainCategoryId: config.mainCategoryId, sortOrder: config.upsellOrder, limit: UPSELL_CANDIDATES },
    ).map(cardProduct);
    const minimums = minimumsOf(products, (id) => !snapshot || lines.has(id));
    return { ...shown, minimums, upsell };
  };
};
