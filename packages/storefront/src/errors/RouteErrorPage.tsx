import { useEffect } from 'react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ShopContext } from '../app/ShopContext';
import { useContext } from 'react';

/**
 * spec 8: the shopper sees a German error page, never a blank screen; the error goes to the reporter with
 * component context.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const shop = useContext(ShopContext);
  useEffect(() => {
    shop?.reporter.report(error, 'RouteErrorPage');
  }, [error, shop]);
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
