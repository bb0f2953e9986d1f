import { Link } from 'react-router-dom';
import { WithdrawalForm } from '../features/withdrawal/WithdrawalForm';

/**
 * Session 16, § 356a BGB: the page of the withdrawal function (/vertrag-widerrufen, linked from every page's
 * footer, no login): the heading, what the function does, and the form.
 */
export function Component() {
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
      <WithdrawalForm />
    </section>
  );
}
