import type { CartItem } from '@lp/sdk/contract';
import { formatEuro } from '../../format';
import { LineDiscount } from '../prices/LinePrice';
import { cartLineFigures } from '../prices/lineFigures';
import { LineDetails } from './LineDetails';
import { QuantityStepper } from './QuantityStepper';
import { cartLineConfig } from './lineConfig';

/** One cart line (a table row): configuration, quantity stepper (minimum rule), price, removal. */
export function CartLine({
  item,
  position,
  min,
  pending,
  onQuantity,
  onRemove,
}: {
  item: CartItem;
  /** 1-based line number; names the stepper without repeating the product (the row already says it). */
  position: number;
  min: number;
  pending: boolean;
  onQuantity(quantity: number): void;
  onRemove(): void;
}) {
  const config = cartLineConfig(item);
  const figures = cartLineFigures(item);
  return (
    <tr className="cart-line">
      <td className="cart-line-item">
        <LineDetails config={config} />
        {item.unavailable && (
          // Said where the line is, before the checkout refuses the order for it.
          <p className="field-error">Nicht mehr erhältlich. Bitte entfernen Sie diesen Artikel.</p>
        )}
        {/* aria-disabled, not disabled: focus stays on the button while the cart is busy (QuantityStepper). */}
        <button
          type="button"
          className="link-button"
          aria-disabled={pending}
          onClick={() => !pending && onRemove()}
        >
          Entfernen<span className="visually-hidden">: {config.title}</span>
        </button>
      </td>
      <td>
        <QuantityStepper
          value={item.quantity}
          min={min}
          label={`Position ${position}`}
          // The shop no longer sells it: only removing it is left (a quantity change is refused).
          disabled={pending || item.unavailable === true}
          onChange={onQuantity}
        />
      </td>
      <td className="cart-line-price">
        <span className="cart-line-unit">{`${formatEuro(item.price)} / Stück`}</span>
        {figures.discount > 0 && (
          <>
            <br />
            <LineDiscount line={figures} />
          </>
        )}
        <br />
        <strong className="cart-line-total">{formatEuro(figures.total)}</strong>
      </td>
    </tr>
  );
}
