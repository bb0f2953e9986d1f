import type { PriceSummary as Summary } from '@lp/sdk/contract';
import { formatEuro } from '../../format';
import { freeShippingHint } from './freeShippingHint';

/** spec 3/9 price summary: Warenwert, Versand, Gesamtsumme (2 decimals) and the free-shipping hint. */
export function PriceSummary({
  summary,
  freeShippingFrom,
  discount,
}: {
  summary: Summary;
  freeShippingFrom: number;
  /** A coupon discount the server computed for a saved order. */
  discount?: { code: string; amount: number } | null;
}) {
  const hint = freeShippingHint(summary.cartAmount, freeShippingFrom);
  const total = discount ? summary.total - discount.amount : summary.total;
  return (
    <div className="price-summary">
      <dl>
        <dt>Warenwert</dt>
        <dd>{formatEuro(summary.cartAmount)}</dd>
        <dt>Versand</dt>
        <dd>{summary.shippingAmount === 0 ? 'kostenlos' : formatEuro(summary.shippingAmount)}</dd>
        {discount && (
          <>
            <dt>Gutschein {discount.code}</dt>
            <dd>−{formatEuro(discount.amount)}</dd>
          </>
        )}
        <dt className="price-total">Gesamtsumme (inkl. MwSt.)</dt>
        <dd className="price-total" data-testid="cart-total">
          {formatEuro(Math.round(total * 100) / 100)}
        </dd>
      </dl>
      {hint && <p className="free-shipping">{hint}</p>}
    </div>
  );
}
