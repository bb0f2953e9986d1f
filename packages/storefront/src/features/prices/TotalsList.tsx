import { formatEuro } from '../../format';

export interface Totals {
  /** Sum of the lines at catalogue prices, euro. */
  subtotal: number;
  /** Quantity discounts of the lines, euro. */
  quantityDiscount: number;
  /** The coupon and what it takes off (0 when it takes nothing now), or null. */
  coupon: { code: string; amount: number } | null;
  /** Shipping, euro, with the method's name when known. */
  shipping: { amount: number; name?: string };
  total: number;
}

/**
 * Issue 13: the totals in the order a shopper adds them up: Zwischensumme, Mengenrabatt, Rabatt (Gutschein),
 * Versand, Gesamtsumme. Every figure is the server's; this only lays them out.
 */
export function TotalsList({ totals, totalTestId }: { totals: Totals; totalTestId: string }) {
  const { coupon, shipping } = totals;
  return (
    <dl className="price-summary">
      <dt>Zwischensumme</dt>
      <dd data-testid="totals-subtotal">{formatEuro(totals.subtotal)}</dd>
      {totals.quantityDiscount > 0 && (
        <>
          <dt>Mengenrabatt</dt>
          <dd data-testid="totals-quantity-discount">{`−${formatEuro(totals.quantityDiscount)}`}</dd>
        </>
      )}
      {coupon && (
        <>
          <dt>
            Rabatt (Gutschein <span translate="no">{coupon.code}</span>)
          </dt>
          <dd data-testid="totals-coupon">{`−${formatEuro(coupon.amount)}`}</dd>
        </>
      )}
      <dt>{`Versand${shipping.name ? ` (${shipping.name})` : ''}`}</dt>
      <dd>{shipping.amount === 0 ? 'kostenlos' : formatEuro(shipping.amount)}</dd>
      <dt className="price-total">Gesamtsumme (inkl. MwSt.)</dt>
      <dd className="price-total" data-testid={totalTestId}>
        {formatEuro(totals.total)}
      </dd>
    </dl>
  );
}

/** Euro sum without float drift. */
export const addEuro = (a: number, b: number): number => (Math.round(a * 100) + Math.round(b * 100)) / 100;
