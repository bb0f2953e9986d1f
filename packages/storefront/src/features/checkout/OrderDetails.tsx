import type { Address, Order } from '@lp/sdk/contract';
import { formatEuro } from '../../format';
import { LineDetails, orderLineConfig } from '../cart';

const PAYMENT_NAMES: Record<string, string> = {
  paypal: 'PayPal',
  card: 'Kreditkarte',
  googlepay: 'Google Pay',
  applepay: 'Apple Pay',
};

function AddressBlock({ title, address }: { title: string; address: Address }) {
  return (
    <div>
      <h3>{title}</h3>
      <address>
        {address.name} {address.lastName}
        <br />
        {address.company && (
          <>
            {address.company}
            <br />
          </>
        )}
        {address.street} {address.houseNumber}
        <br />
        {address.zipCode} {address.city}
        <br />
        {address.country === 'DE' ? 'Deutschland' : address.country}
      </address>
    </div>
  );
}

/** A saved order as the server has it: lines, totals, addresses, payment. */
export function OrderDetails({ order }: { order: Order }) {
  return (
    <div className="order-details">
      <h2>Bestellte Artikel</h2>
      <ul className="order-lines">
        {order.orderItems.map((item) => (
          <li key={item.itemInternalId} className="order-line">
            <LineDetails config={orderLineConfig(item)} />
            <p>
              {item.itemQuantity} × {formatEuro(item.price)} ={' '}
              <strong>{formatEuro(item.price * item.itemQuantity)}</strong>
            </p>
          </li>
        ))}
      </ul>
      <dl className="price-summary">
        <dt>Warenwert</dt>
        <dd>{formatEuro(order.cartAmount)}</dd>
        {order.discountAmount > 0 && (
          <>
            <dt>Gutschein {order.coupon?.code}</dt>
            <dd>−{formatEuro(order.discountAmount)}</dd>
          </>
        )}
        <dt>Versand ({order.shippingOption.name || 'Standard'})</dt>
        <dd>{order.shippingOption.price === 0 ? 'kostenlos' : formatEuro(order.shippingOption.price)}</dd>
        <dt className="price-total">Gesamtsumme (inkl. MwSt.)</dt>
        <dd className="price-total" data-testid="order-total">
          {formatEuro(order.totalAmount)}
        </dd>
      </dl>
      <div className="order-addresses">
        <AddressBlock title="Lieferadresse" address={order.shippingAddress} />
        <AddressBlock title="Rechnungsadresse" address={order.billingAddress} />
      </div>
      <p>
        Zahlungsart: {PAYMENT_NAMES[order.paymentMethod] ?? order.paymentMethod}
        <br />
        Bestätigung an: {order.billingPerson.email}
      </p>
    </div>
  );
}
