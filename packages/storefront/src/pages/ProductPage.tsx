import { useLoaderData } from 'react-router-dom';
import { ProductView } from '../features/product/ProductView';
import type { ProductData } from '../routes/loaders';

/** spec 2: product page (/:alias, also /funschild, /parkplatzschild, /ooono). */
export function Component() {
  const { product, upsell } = useLoaderData() as ProductData;
  // key: a different product starts with fresh choices
  return <ProductView key={product.UniqueId} product={product} upsell={upsell} />;
}
