import type { Order } from '@lp/sdk/contract';
import { formatEuro } from '../../format';
import { PAYMENT_LABEL } from '../account/orderLabels';
import { LineDetails, orderLineConfig } from '../cart';
import { LinePrice } from '../prices/LinePrice';
import { TotalsList, addEuro } from '../prices/TotalsList';
import { orderLineFigures, quantityDiscountOf } from '../prices/lineFigures';
import { DeferredOrderBuyer } from './deferredOrderBuyer';

/** A saved order as the server has it: lines, totals, addresses, payment. */
export function OrderDetails({ order }: { order: Order }) {
  const lines = order.orderItems.map(orderLineFigures);
  const quantityDiscount = quantityDiscountOf(lines);
  return (
    <div className="order-details">
      <h2>Bestellte Artikel</h2>
      <ul className="order-lines">
        {order.orderItems.map((item, index) => (
          <li key={item.itemInternalId} className="order-line">
            <LineDetails config={orderLineConfig(item)} />
            <LinePrice line={lines[index]!} />
          </li>
        ))}
      </ul>
      <TotalsList
        totalTestId="order-total"
        totals={{
          subtotal: addEuro(order.cartAmount, quantityDiscount),
          quantityDiscount,
          coupon: order.coupon ? { code: order.coupon.code, amount: order.discountAmount } : null,
          shipping: { amount: order.shippingOption.price, name: order.shippingOption.name || 'Standard' },
          total: order.totalAmount,
        }}
      />
      {/* Session 16: a paid order's invoice names the VAT it contains (§ 14 (4) UStG). */}
      {order.invoice?.taxes.map((tax) => (
        <p key={tax.rate} data-testid="order-vat">
          Enthaltene MwSt. {tax.rate} %: {formatEuro(tax.taxAmount)}
        </p>
      ))}
      <DeferredOrderBuyer order={order} />
      <p>Zahlungsart: {PAYMENT_LABEL[order.paymentMethod] ?? order.paymentMethod}</p>
    </div>
  );
}
