import { Link } from 'react-router-dom';
import type { ListingSort } from '../../routes/loaders';

/**
 * The pages of a long listing (`?seite=N`, routes/loaders.ts pageOf): real links a crawler follows, 'Seite 2 von 9'
 * between them. Relative links keep the listing's path. Another page shows from the top with focus on the heading,
 * which names the page (chrome/RouteFocus.tsx), so a screen reader announces it. `query`: a listing's own query that
 * every page keeps, with its `&` (the search's `q=kfz+kennzeichen&`); page 1 has no `seite`.
 */
export function Pagination({ page, pages, query = '' }: { page: number; pages: number; query?: string }) {
  if (pages < 2) return null;
  return (
    <nav className="pagination" aria-label="Seiten">
      {page > 1 && (
        <Link
          to={page > 2 ? `?${query}seite=${page - 1}` : query ? `?${query.slice(0, -1)}` : '.'}
          rel="prev"
        >
          Vorherige Seite
        </Link>
      )}
      <span>{`Seite ${page} von ${pages}`}</span>
      {page < pages && (
        <Link to={`?${query}seite=${page + 1}`} rel="next">
          Nächste Seite
        </Link>
      )}
    </nav>
  );
}

/** The heading's page part: ', Seite 2 von 9' for a listing of several pages, else nothing. */
export const pageSuffix = (page: number, pages: number) => (pages > 1 ? `, Seite ${page} von ${pages}` : '');

/** The order's part of a listing's page links (`query` above): `sortierung=preis-aufsteigend&`, or none. */
export const sortQuery = (sort?: ListingSort) => (sort ? `sortierung=${sort}&` : '');

// "Sortieren nach" above a listing; from here it shares the chunk of the listings' pages (no chunk of its own).
export { SortForm } from './SortForm';
