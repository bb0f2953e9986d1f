import type { Product } from '@lp/sdk/contract';
import type { ShopData } from '../../data/shopData';

export interface WishlistData {
  products: Product[];
}

/**
 * The catalogue for the wish list page: entries hold only ids, so names, images and prices shown are always the
 * server's current ones (prices only from the server).
 */
export const wishlistLoader = (data: ShopData) => async (): Promise<WishlistData> => ({
  products: await data.products(),
});
