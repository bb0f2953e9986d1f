import { NavLink, useLoaderData } from 'react-router-dom';
import { SortForm, Pagination, pageSuffix, sortQuery } from '../features/catalogue/Pagination';
import { ProductGrid } from '../features/catalogue/ProductCard';
import type { ListData } from '../routes/loaders';

/** Product lists: /kennzeichen (+ /kennzeichen/:kind) and /shops/:alias. */
export function Component() {
  const { title, intro, products, kinds, total, page, pages, sort } = useLoaderData() as ListData;
  return (
    <>
      <h1>{`${title}${pageSuffix(page, pages)}`}</h1>
      <p>{intro}</p>
      {kinds && kinds.length > 0 && (
        <nav aria-label="Kennzeichenarten" className="chips">
          <NavLink to="/kennzeichen" end>
            Alle
          </NavLink>
          {kinds.map((kind) => (
            <NavLink key={kind.UniqueId} to={`/kennzeichen/${kind.Alias}`}>
              {kind.Name}
            </NavLink>
          ))}
        </nav>
      )}
      {total > 1 && <SortForm sort={sort} total={total} />}
      <ProductGrid products={products} aboveFold />
      <Pagination page={page} pages={pages} query={sortQuery(sort)} />
    </>
  );
}
