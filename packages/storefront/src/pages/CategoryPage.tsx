import type { Category } from '@lp/sdk/contract';
import { Link, NavLink, useLoaderData } from 'react-router-dom';
import { SortForm, Pagination, pageSuffix, sortQuery } from '../features/catalogue/Pagination';
import { ProductGrid } from '../features/catalogue/ProductCard';
import type { CategoryData } from '../routes/loaders';

function Tree({ nodes }: { nodes: Category[] }) {
  return (
    <ul>
      {nodes.map((node) => (
        <li key={node.UniqueId}>
          <NavLink to={`/kategorie/${node.Alias}`}>{node.Name}</NavLink>
          {node.Children?.length > 0 && <Tree nodes={node.Children} />}
        </li>
      ))}
    </ul>
  );
}

/** spec 2: category listing, standard layout with the sidebar at the start (from 768 px; read after the list). */
export function Component() {
  const { category, tree, products, total, page, pages, sort } = useLoaderData() as CategoryData;
  return (
    <div className="with-sidebar">
      <section className="with-sidebar__main" aria-labelledby="category-title">
        <h1 id="category-title">{`${category.Name}${pageSuffix(page, pages)}`}</h1>
        <p>{`${total} Produkte`}</p>
        {/* Issue 13: the holder categories lead to the B2B printing page. */}
        {category.Alias.startsWith('kennzeichenhalter') && (
          <p className="category__printing">
            Ihr Logo auf dem Kennzeichenhalter – für Autohäuser, Händler und Unternehmen:{' '}
            <Link to="/kennzeichenhalter-bedrucken">Kennzeichenhalter bedrucken</Link>
          </p>
        )}
        {total > 1 && <SortForm sort={sort} total={total} />}
        <ProductGrid products={products} aboveFold />
        <Pagination page={page} pages={pages} query={sortQuery(sort)} />
      </section>
      {/* After the page's own heading in reading order (WCAG 1.3.1, 2.4.6); catalogue.css puts it left from 768 px. */}
      <aside className="sidebar" aria-label="Kategorien">
        <h2>Kategorien</h2>
        <Tree nodes={tree} />
      </aside>
    </div>
  );
}
