import type { CartItem } from '@lp/sdk/contract';
import { LineDetails, cartLineConfig } from '../cart';
import { LinePrice } from '../prices/LinePrice';
import { cartLineFigures } from '../prices/lineFigures';

/**
 * The order summary's lines: configuration, quantity, unit price, quantity discount and line total (read only); a
 * line the shop no longer sells says so.
 */
export function CartOverview({ items }: { items: CartItem[] }) {
  return (
    <ul className="order-lines">
      {items.map((item) => (
        <li key={item.itemInternalId} className="order-line">
          <LineDetails config={cartLineConfig(item)} />
          {item.unavailable && (
            // Before the shopper fills in the form: the order would be refused for this line.
            <p className="field-error">
              Nicht mehr erhältlich. Bitte entfernen Sie diesen Artikel im Warenkorb.
            </p>
          )}
          <LinePrice line={cartLineFigures(item)} />
        </li>
      ))}
    </ul>
  );
}
