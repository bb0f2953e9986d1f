import { Link, useLoaderData } from 'react-router-dom';
import { ProductGrid } from '../features/catalogue/ProductCard';
import type { CatalogData } from '../routes/loaders';

/** spec 2: the catalogue, grouped by top-level category. */
export function Component() {
  const { groups } = useLoaderData() as CatalogData;
  return (
    <>
      <h1>Katalog</h1>
      {groups.map(({ category, products, total }) => (
        <section key={category.UniqueId} aria-labelledby={`cat-${category.UniqueId}`}>
          <h2 id={`cat-${category.UniqueId}`}>
            <Link to={`/kategorie/${category.Alias}`}>{category.Name}</Link>
          </h2>
          <ProductGrid products={products} headingLevel={3} />
          {total > products.length && (
            <p>
              <Link to={`/kategorie/${category.Alias}`}>
                Alle {total} Produkte: {category.Name}
              </Link>
            </p>
          )}
        </section>
      ))}
    </>
  );
}
