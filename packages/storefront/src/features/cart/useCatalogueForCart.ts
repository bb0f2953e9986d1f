import type { Product } from '@lp/sdk/contract';
import { useEffect, useState } from 'react';
import { useShop } from '../../app/ShopContext';
import { upsellProducts } from '../../data/upsell';

/**
 * The catalogue the cart page needs: minimum quantities per product or variant id (spec 5) and the upsell list
 * (spec 4 rules, src/data/upsell.ts). Loaded after mount; the cart works without it (minimum 1, no upsell).
 */
export function useCatalogueForCart(cartProductIds: string[]) {
  const { data, config, reporter } = useShop();
  const [products, setProducts] = useState<Product[]>([]);
  useEffect(() => {
    let live = true;
    data
      .products()
      .then((list) => live && setProducts(list))
      .catch((error: unknown) => reporter.report(error, 'CartPage', 'warning'));
    return () => {
      live = false;
    };
  }, [data, reporter]);
  const minimums = new Map<string, number>();
  for (const product of products) {
    minimums.set(product.UniqueId, product.MinQuantity);
    for (const variant of product.Variants ?? []) minimums.set(variant.UniqueId, product.MinQuantity);
  }
  const inCart = new Set(cartProductIds);
  const upsell = upsellProducts(
    products.filter((product) => !inCart.has(product.UniqueId)),
    { mainCategoryId: config.mainCategoryId, sortOrder: config.upsellOrder, limit: 4 },
  );
  return { minimumOf: (id: string) => minimums.get(id) ?? 1, upsell };
}
