import { Link } from 'react-router-dom';

/** spec 2: /404 and /site/not-found (the server answers with status 404). */
export function Component() {
  return (
    <section className="error-page">
      <h1>Seite nicht gefunden</h1>
      <p>Die angeforderte Seite gibt es nicht oder nicht mehr.</p>
      <p>
        <Link to="/">Zur Startseite</Link> · <Link to="/catalog">Zum Katalog</Link>
      </p>
    </section>
  );
}
