import { useLocation, useNavigate } from 'react-router-dom';
import { focusMainHeading } from '../../chrome/focusMainHeading';
import { Icon } from '../../icons/Icon';

/** The results page's path; its query parameter `q` is the shopper's text, `seite` the page (features/search). */
export const SEARCH_PATH = '/suche';

/**
 * The shop's search field in the header of every route (session 18). A plain GET form to /suche, so it works before
 * and without JavaScript; hydrated (a deferred part of the late chrome, chrome/deferredChrome.ts), the submit becomes
 * a client navigation (the results heading then takes focus, chrome/RouteFocus.tsx, and is described by the count).
 * On the results page the field holds the query; elsewhere it is empty. Session 21: the same search sent again
 * (the results did not change, so RouteFocus sees no other page) also moves focus to the heading once its results
 * have loaded again: the shopper hears that the search ran and what it found.
 */
export function SearchForm() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const query =
    pathname.replace(/\/+$/, '').toLowerCase() === SEARCH_PATH
      ? (new URLSearchParams(search).get('q') ?? '')
      : '';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the role: browsers before 2023 (Safari 16, Chrome 117) give <search> no role.
    <form
      role="search"
      className="site-search"
      action={SEARCH_PATH}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        // The address a browser's own submit makes (`q=kfz+kennzeichen`): one URL per query with and without script.
        const text = new FormData(event.currentTarget).get('q');
        const to = `${SEARCH_PATH}?${new URLSearchParams({ q: typeof text === 'string' ? text : '' })}`;
        const again = to === pathname + search;
        void Promise.resolve(navigate(to)).then(() => again && focusMainHeading());
      }}
    >
      <label htmlFor="site-search-q" className="visually-hidden">
        Produkt suchen
      </label>
      {/* Uncontrolled; a new query (another results page) gives a new field holding it. */}
      <input
        key={query}
        id="site-search-q"
        type="search"
        name="q"
        defaultValue={query}
        placeholder="Produkt suchen"
        maxLength={100}
        enterKeyHint="search"
        autoComplete="off"
      />
      <button type="submit" className="icon-button" aria-label="Suchen">
        <Icon name="search" size={20} />
      </button>
    </form>
  );
}
