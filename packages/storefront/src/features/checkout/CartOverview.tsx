import type { CartItem } from '@lp/sdk/contract';
import { LineDetails, cartLineConfig } from '../cart';
import { LinePrice } from '../prices/LinePrice';
import { cartLineFigures } from '../prices/lineFigures';

/** The order summary's lines: configuration, quantity, unit price, quantity discount and line total (read only). */
export function CartOverview({ items }: { items: CartItem[] }) {
  return (
    <ul className="order-lines">
      {items.map((item) => (
        <li key={item.itemInternalId} className="order-line">
          <LineDetails config={cartLineConfig(item)} />
          <LinePrice line={cartLineFigures(item)} />
        </li>
      ))}
    </ul>
  );
}
