import type { CartItem } from '@lp/sdk/contract';
import { formatEuro } from '../../format';
import { LineDetails, cartLineConfig } from '../cart';

/** The order summary's lines: configuration, quantity and line total (read only). */
export function CartOverview({ items }: { items: CartItem[] }) {
  return (
    <ul className="order-lines">
      {items.map((item) => (
        <li key={item.itemInternalId} className="order-line">
          <LineDetails config={cartLineConfig(item)} />
          <p>
            {item.quantity} × {formatEuro(item.price)} ={' '}
            <strong>{formatEuro(item.price * item.quantity)}</strong>
          </p>
        </li>
      ))}
    </ul>
  );
}
