import { Link, useLoaderData, useMatches } from 'react-router-dom';
import { Pagination, pageSuffix } from '../features/catalogue/Pagination';
import { ProductGrid } from '../features/catalogue/ProductCard';
import { searchHeading } from '../features/search/searchHeading';
import type { SearchData } from '../features/search/searchLoader';
import type { RootData } from '../routes/loaders';

/**
 * Session 18: the results of the header's search (/suche?q=…), laid out as a category page. Session 19: when the
 * query finds little and a corrected spelling finds more, "Meinten Sie „…“?" links to that search.
 */
export function Component() {
  const data = useLoaderData() as SearchData;
  const tree = (useMatches()[0]?.data as RootData | undefined)?.tree ?? [];
  const { query, problem, products, total, page, pages, suggestion } = data;
  return (
    <section className="search-results" aria-labelledby="search-title">
      <h1 id="search-title" aria-describedby="search-count">
        {`${searchHeading(data)}${pageSuffix(page, pages)}`}
      </h1>
      {suggestion && (
        <p>
          Meinten Sie <Link to={`/suche?${new URLSearchParams({ q: suggestion })}`}>„{suggestion}“</Link>?
        </p>
      )}
      {/* The heading takes focus after a search (chrome/RouteFocus.tsx, SearchForm.tsx): this line is its
          description, so a screen reader says the count (or why there is none) with it. */}
      <p id="search-count">
        {problem === 'empty'
          ? 'Geben Sie in das Suchfeld ein, was Sie suchen, zum Beispiel „Kennzeichenhalter“ oder „Parkplatzschild“.'
          : problem === 'short'
            ? 'Bitte geben Sie mindestens zwei Buchstaben oder Ziffern ein.'
            : problem === 'busy'
              ? 'Zu viele Suchanfragen in kurzer Zeit. Bitte versuchen Sie es in einer Minute erneut.'
              : total === 0
                ? `Zu „${query}“ haben wir leider nichts gefunden. Prüfen Sie die Schreibweise oder versuchen Sie ein anderes Wort.`
                : total === 1
                  ? '1 Produkt'
                  : `${total} Produkte`}
      </p>
      {total > 0 ? (
        <>
          <ProductGrid products={products} headingLevel={2} aboveFold />
          <Pagination page={page} pages={pages} query={`${new URLSearchParams({ q: query })}&`} />
        </>
      ) : (
        tree.length > 0 && (
          <nav aria-labelledby="search-categories">
            <h2 id="search-categories">Stöbern Sie in unseren Kategorien</h2>
            <ul className="search-results__categories">
              {tree.map((category) => (
                <li key={category.UniqueId}>
                  <Link to={`/kategorie/${encodeURIComponent(category.Alias)}`}>{category.Name}</Link>
                </li>
              ))}
            </ul>
          </nav>
        )
      )}
    </section>
  );
}
