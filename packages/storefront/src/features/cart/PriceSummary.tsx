import type { Cart, PriceSummary as Summary } from '@lp/sdk/contract';
import { TotalsList, addEuro } from '../prices/TotalsList';
import { freeShippingHint } from './freeShippingHint';

/**
 * spec 3/9 price summary with issue 13's discounts: Zwischensumme (catalogue prices), Mengenrabatt, Rabatt of the
 * cart's coupon, Versand, Gesamtsumme (2 decimals, the SDK's summary), and the free-shipping hint.
 */
export function PriceSummary({
  summary,
  freeShippingFrom,
  cart,
}: {
  summary: Summary;
  freeShippingFrom: number;
  /** The cart the summary belongs to (its quantity discounts and coupon). */
  cart?: Pick<Cart, 'quantityDiscountAmount' | 'coupon'>;
}) {
  const hint = freeShippingHint(summary.cartAmount, freeShippingFrom);
  const quantityDiscount = cart?.quantityDiscountAmount ?? 0;
  const coupon = cart?.coupon;
  return (
    <div className="price-summary">
      <TotalsList
        totalTestId="cart-total"
        totals={{
          subtotal: addEuro(summary.cartAmount, quantityDiscount),
          quantityDiscount,
          coupon: coupon
            ? { code: coupon.code, amount: summary.discountAmount ?? coupon.discountAmount }
            : null,
          shipping: { amount: summary.shippingAmount },
          total: summary.total,
        }}
      />
      {hint && <p className="free-shipping">{hint}</p>}
    </div>
  );
}
