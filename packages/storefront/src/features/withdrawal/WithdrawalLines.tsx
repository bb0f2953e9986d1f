import type { Order } from '@lp/sdk/contract';
import { useId } from 'react';
import { LINES_TEXT, type PickedLines, isMadeToOrder, lineArticle } from './orderLinesPick';

/**
 * Session 24: the order's lines as checkboxes (a fieldset with its legend), each with the number of pieces when it
 * has more than one (the whole line by default), and for lines made to the consumer's specification a hint that no
 * right of withdrawal exists for them, never a refusal: the function accepts what the consumer declares. Quantity
 * errors are tied to their fields; `register` gives the form the fields to focus. A quantity field is named by its
 * article and its own label (aria-labelledby), so each says which article it counts (session 24, withdrawfixui).
 */
export function WithdrawalLines({
  order,
  picked,
  errors,
  onChange,
  register,
}: {
  order: Order;
  picked: PickedLines;
  errors: Record<number, string>;
  onChange: (picked: PickedLines) => void;
  register: (line: number, element: HTMLInputElement | null) => void;
}) {
  const id = useId();
  return (
    <fieldset className="withdrawal-lines" aria-describedby={`${id}-hint`}>
      <legend>{LINES_TEXT.legend}</legend>
      <p id={`${id}-hint`} className="login-form__hint">
        {LINES_TEXT.hint}
      </p>
      <ul className="withdrawal-lines__list">
        {order.orderItems.map((item, index) => {
          const line = index + 1;
          const ticked = picked[line] !== undefined;
          const madeToOrder = isMadeToOrder(item);
          const error = errors[line];
          const toggle = () => {
            const next = { ...picked };
            if (ticked) delete next[line];
            else next[line] = String(item.itemQuantity);
            onChange(next);
          };
          return (
            <li key={item.itemInternalId}>
              <input
                type="checkbox"
                id={`${id}-${line}`}
                checked={ticked}
                onChange={toggle}
                aria-describedby={madeToOrder ? `${id}-${line}-made` : undefined}
              />{' '}
              <label id={`${id}-${line}-label`} htmlFor={`${id}-${line}`}>
                {lineArticle(item)} ({item.itemQuantity} Stück)
              </label>
              {madeToOrder && (
                <p id={`${id}-${line}-made`} className="login-form__hint">
                  {LINES_TEXT.madeToOrder}
                </p>
              )}
              {ticked && item.itemQuantity > 1 && (
                <div className="withdrawal-lines__quantity">
                  <label
                    id={`${id}-${line}-quantity-label`}
                    className="field"
                    htmlFor={`${id}-${line}-quantity`}
                  >
                    {LINES_TEXT.quantity(item.itemQuantity)}
                  </label>
                  <input
                    ref={(element) => register(line, element)}
                    id={`${id}-${line}-quantity`}
                    className="login-form__input"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={item.itemQuantity}
                    aria-labelledby={`${id}-${line}-quantity-label ${id}-${line}-label`}
                    value={picked[line]}
                    onChange={(event) => onChange({ ...picked, [line]: event.target.value })}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-${line}-error` : undefined}
                  />
                  {error && (
                    <p id={`${id}-${line}-error`} className="field-error login-form__error">
                      {error}
                    </p>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
