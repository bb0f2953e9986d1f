import type { ListingSort } from '../../routes/loaders';

/** The orders a shopper can choose (routes/loaders.ts LISTING_SORTS); "empfehlung" is the catalogue's own order. */
const SORTS: [ListingSort | 'empfehlung', string][] = [
  ['empfehlung', 'Empfehlung'],
  ['preis-aufsteigend', 'Preis aufsteigend'],
  ['preis-absteigend', 'Preis absteigend'],
  ['name-aufsteigend', 'Name A–Z'],
];

/**
 * "Sortieren nach" above a listing (session 18): a plain GET form on the listing's own path, the same with and
 * without JavaScript (no handler: markup only, so a listing's initial script grows by the markup alone). The server
 * sorts (routes/loaders.ts pageOf; "empfehlung" is redirected to the bare address). It sends no `seite`: a new order
 * starts at page 1. Nothing submits on `change` (an arrow key in a closed select would reorder the page under a
 * keyboard user, WCAG 3.2.2): the visible button does.
 * Session 21: hydrated, the button sorts in place (./SortInPlace.tsx, from the late chrome's chunk): focus stays on
 * "Sortieren", and the polite status below says what changed ("312 Produkte, sortiert nach Preis aufsteigend",
 * WCAG 4.1.3). The status always holds the count and order, so it speaks when they change and not on a page load or
 * a page link; another listing's count is said after its heading.
 */
export function SortForm({ sort, total }: { sort?: ListingSort; total: number }) {
  const chosen = sort ?? 'empfehlung';
  return (
    <form method="get" className="listing-sort">
      <label htmlFor="listing-sort">Sortieren nach</label>
      {/* Uncontrolled; another order (a page link keeps it, back and forward) gives a new select holding it. */}
      <select id="listing-sort" name="sortierung" key={sort} defaultValue={chosen}>
        {SORTS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      {/* Styled by .listing-sort button (styles/forms.css): no class list in the script. */}
      <button type="submit">Sortieren</button>
      <p role="status" className="visually-hidden">
        {`${total === 1 ? '1 Produkt' : `${total} Produkte`}, sortiert nach ${SORTS.find(([value]) => value === chosen)?.[1]}`}
      </p>
    </form>
  );
}
