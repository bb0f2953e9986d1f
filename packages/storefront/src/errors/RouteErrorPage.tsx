import { useEffect, useState } from 'react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ShopContext } from '../app/ShopContext';
import { useContext } from 'react';
import { reloadForRelease } from './releaseReload';

/**
 * spec 8: the shopper sees a German error page, never a blank screen; the error goes to the reporter with
 * component context. A page chunk that a release removed is not an error to show: the target address loads once
 * in full instead (./releaseReload), and nothing is drawn while it does.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const shop = useContext(ShopContext);
  // Decided once per error page: the reload is a navigation, not a render's result.
  const [reloading] = useState(() => reloadForRelease(error));
  useEffect(() => {
    shop?.reporter.report(error, 'RouteErrorPage');
  }, [error, shop]);
  if (reloading) return null;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="page error-page">
      <h1>{notFound ? 'Seite nicht gefunden' : 'Es ist ein Fehler aufgetreten'}</h1>
      <p>
        {notFound
          ? 'Die angeforderte Seite gibt es nicht.'
          : 'Bitte versuchen Sie es in einem Moment erneut. Wenn der Fehler bleibt, rufen Sie uns an: Hotline Mo-Fr 10-16 Uhr.'}
      </p>
      <p>
        <Link to="/">Zur Startseite</Link>
      </p>
    </main>
  );
}
