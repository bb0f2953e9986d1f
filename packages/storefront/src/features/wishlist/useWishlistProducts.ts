import type { Product } from '@lp/sdk/contract';
import { useEffect, useState } from 'react';

/**
 * The catalogue's current documents for the wish list's ids (`A,B`; names, pictures and prices are never stored,
 * issue 6), read from the shop's server (server/wishlistProducts.ts) once the stored list is known: just these
 * products, not the whole catalogue. `undefined` until the first answer; `null` when it could not be read. The
 * last answer stays shown while a changed list is read again.
 */
export function useWishlistProducts(ids: string, enabled: boolean): Product[] | null | undefined {
  const [products, setProducts] = useState<Product[] | null>();
  useEffect(() => {
    if (!enabled || !ids) return;
    let live = true;
    fetch(`/wishlist/products?ids=${encodeURIComponent(ids)}`)
      .then((response) => (response.ok ? response.json() : null))
      .catch(() => null)
      .then((answer: Product[] | null) => live && setProducts(answer));
    return () => {
      live = false;
    };
  }, [ids, enabled]);
  return products;
}
