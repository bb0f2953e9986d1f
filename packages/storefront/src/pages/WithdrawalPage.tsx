import { Link, useSearchParams } from 'react-router-dom';
import { WithdrawalForm } from '../features/withdrawal/WithdrawalForm';
import { isHeaderGuid } from '../features/withdrawal/useProvenOrder';

/**
 * Session 16, § 356a BGB: the page of the withdrawal function (/vertrag-widerrufen, linked from every page's
 * footer, no login): the heading, what the function does, and the form. Session 24: `?bestellung=<headerGuid>` (the
 * order page's and the account's link) opens it for that order, with its lines to pick.
 */
export function Component() {
  const bestellung = useSearchParams()[0].get('bestellung');
  return (
    <section className="article withdrawal-page">
      <h1>Vertrag widerrufen</h1>
      <p>
        Hier widerrufen Sie einen Kauf in unserem Shop, ohne Anmeldung und ohne Begründung. Wir fragen nur,
        was wir brauchen, um Ihre Bestellung zuzuordnen, und bestätigen den Eingang per E-Mail. Mehr dazu in
        unserer <Link to="/widerrufsrecht">Widerrufsbelehrung</Link>.
      </p>
      <noscript>
        <p className="notice">
          Das Formular braucht JavaScript. Ohne JavaScript erklären Sie den Widerruf per E-Mail oder Brief an
          die Anschrift in unserer Widerrufsbelehrung.
        </p>
      </noscript>
      <WithdrawalForm headerGuid={isHeaderGuid(bestellung) ? bestellung : undefined} />
    </section>
  );
}
