import { useLoaderData, useMatches } from 'react-router-dom';
import { LoadedDiscounts } from '../features/prices/QuantityDiscounts';
import { ProductView } from '../features/product/ProductView';
import type { ProductData, RootData } from '../routes/loaders';

/** spec 2: product page (/:alias, also /funschild, /parkplatzschild, /ooono). */
export function Component() {
  const { product, upsell, discounts, picture } = useLoaderData() as ProductData;
  // The delivery time comes with the layout's data (root loader, the first match): no request of its own.
  const root = useMatches()[0]?.data as RootData | undefined;
  // key: a different product starts with fresh choices. Issue 13: the tiers for the page's price parts.
  return (
    <LoadedDiscounts.Provider value={discounts}>
      <ProductView
        key={product.UniqueId}
        product={product}
        upsell={upsell}
        picture={picture}
        deliveryTime={root?.deliveryTime}
      />
    </LoadedDiscounts.Provider>
  );
}
