import type { CartItem } from '@lp/sdk/contract';
import { Link } from 'react-router-dom';
import { formatEuro } from '../../format';
import { cartLineConfig } from '../cart';
import { cartLineFigures } from '../prices/lineFigures';

/**
 * § 312j (2) BGB: right above the order button (on a phone the cart summary comes only after the form), what is
 * bought, with the configuration the shopper chose, what it costs in total with VAT and shipping, and the delivery
 * time (Art. 246a § 1 (1) no. 7 EGBGB; the shop owner's, on the shipping method); then what the
 * click does (§ 312j (3): a binding order) and where the privacy notice is (Art. 13 DSGVO, data taken in this form).
 * The figures are the server's, as in the summary beside the form.
 */
export function OrderReview({
  items,
  total,
  shipping,
  shippingName,
  deliveryTime,
  paymentName,
}: {
  items: CartItem[];
  /** The amount to pay, euro (the price summary's total). */
  total: number;
  /** Shipping, euro, included in `total`. */
  shipping: number;
  /** The shipping method's name ('DHL Standard'), when known. */
  shippingName?: string;
  /** Art. 246a § 1 (1) no. 7 EGBGB: the method's delivery time ('1–3 Werktage'), when the shop states one. */
  deliveryTime?: string | undefined;
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
              {`${figures.quantity} × ${config.title}${details && ` (${details})`}: ${formatEuro(figures.total)}`}
            </li>
          );
        })}
      </ul>
      <p className="price-total" data-testid="review-total">
        {`Gesamtsumme: ${formatEuro(total)}`}
      </p>
      <p>
        <span>
          {`inkl. MwSt. und ${shipping === 0 ? 'kostenlosem Versand' : `${formatEuro(shipping)} Versand`}${shippingName ? ` mit ${shippingName}` : ''} innerhalb Deutschlands (`}
        </span>
        <Link to="/zahlung-und-versand">Zahlung und Versand</Link>)
      </p>
      {deliveryTime && <p data-testid="review-delivery">{`Lieferzeit: ${deliveryTime}`}</p>}
      <p>
        <span>
          {`Mit Klick auf „Zahlungspflichtig bestellen“ geben Sie eine verbindliche Bestellung ab${paymentName ? ` und werden zur Zahlung mit ${paymentName} weitergeleitet` : ''}.`}
        </span>{' '}
        Die Bestellbestätigung erhalten Sie per E-Mail. Wie wir Ihre Angaben verarbeiten, lesen Sie in der{' '}
        <Link to="/datenschutz">Datenschutzerklärung</Link>.
      </p>
    </section>
  );
}
