import type { CartItem } from '@lp/sdk/contract';
import { Link } from 'react-router-dom';
import { formatEuro } from '../../format';
import { cartLineConfig } from '../cart';
import { cartLineFigures } from '../prices/lineFigures';

/**
 * § 312j (2) BGB: right above the order button (on a phone the cart summary comes only after the form), what is
 * bought, with the configuration the shopper chose, and what it costs in total with VAT and shipping; then what the
 * click does (§ 312j (3): a binding order) and where the privacy notice is (Art. 13 DSGVO, data taken in this form).
 * The figures are the server's, as in the summary beside the form.
 */
export function OrderReview({
  items,
  total,
  shipping,
  shippingName,
  paymentName,
}: {
  items: CartItem[];
  /** The amount to pay, euro (the price summary's total). */
  total: number;
  /** Shipping, euro, included in `total`. */
  shipping: number;
  /** The shipping method's name ('DHL Standard'), when known. */
  shippingName?: string;
  /** The chosen payment type's name, when one is chosen. */
  paymentName: string | undefined;
}) {
  return (
    <section className="order-review" aria-labelledby="order-review-title">
      <h2 id="order-review-title">Bestellübersicht</h2>
      <ul>
        {items.map((item) => {
          const config = cartLineConfig(item);
          const figures = cartLineFigures(item);
          const details = config.details.map((detail) => `${detail.label}: ${detail.value}`).join(', ');
          return (
            <li key={item.itemInternalId}>
              {figures.quantity} × {config.title}
              {details && ` (${details})`}: {formatEuro(figures.total)}
            </li>
          );
        })}
      </ul>
      <p className="price-total" data-testid="review-total">
        Gesamtsumme: {formatEuro(total)}
      </p>
      <p>
        inkl. MwSt. und {shipping === 0 ? 'kostenlosem Versand' : `${formatEuro(shipping)} Versand`}
        {shippingName ? ` mit ${shippingName}` : ''} innerhalb Deutschlands (
        <Link to="/zahlung-und-versand">Zahlung und Versand</Link>)
      </p>
      <p>
        Mit Klick auf „Zahlungspflichtig bestellen“ geben Sie eine verbindliche Bestellung ab
        {paymentName ? ` und werden zur Zahlung mit ${paymentName} weitergeleitet` : ''}. Die
        Bestellbestätigung erhalten Sie per E-Mail. Wie wir Ihre Angaben verarbeiten, lesen Sie in der{' '}
        <Link to="/datenschutz">Datenschutzerklärung</Link>.
      </p>
    </section>
  );
}
