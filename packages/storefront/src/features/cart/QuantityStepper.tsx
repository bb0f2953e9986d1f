import { clampQuantity } from '@lp/sdk/validation';
import { useEffect, useState } from 'react';
import { MAX_LINE_QUANTITY } from '../product/quantity';

/**
 * spec 5: a quantity never goes below the minimum (at least 1). Buttons step by one; typed values are committed
 * on blur or Enter and clamped to the minimum. While the cart is busy, or at a bound, the controls are
 * aria-disabled rather than disabled: a disabled button loses keyboard focus, so a keyboard or screen-reader user
 * pressing '+' would be thrown back to the top of the page at every step (WCAG 2.4.3).
 */
export function QuantityStepper({
  value,
  min,
  label,
  disabled,
  onChange,
}: {
  value: number;
  min: number;
  label: string;
  disabled?: boolean;
  onChange(quantity: number): void;
}) {
  const floor = clampQuantity(min, 1);
  const [text, setText] = useState(String(value));
  // Also once the cart is no longer busy: a change the cart refused (offline, say) leaves `value` as it was, and the
  // field must not go on showing the quantity that was not saved.
  useEffect(() => {
    if (!disabled) setText(String(value));
  }, [value, disabled]);
  const commit = (next: number) => {
    if (disabled) return setText(String(value));
    const clamped = Math.min(clampQuantity(next, floor), MAX_LINE_QUANTITY);
    setText(String(clamped));
    if (clamped !== value) onChange(clamped);
  };
  return (
    <div className="qty-stepper">
      <button
        type="button"
        aria-label={`${label}: Menge verringern`}
        aria-disabled={disabled || value <= floor}
        onClick={() => value > floor && commit(value - 1)}
      >
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={floor}
        max={MAX_LINE_QUANTITY}
        aria-label={`Menge ${label}`}
        value={text}
        readOnly={disabled}
        aria-disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => commit(Number(text))}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(Number(text));
        }}
      />
      <button
        type="button"
        aria-label={`${label}: Menge erhöhen`}
        aria-disabled={disabled || value >= MAX_LINE_QUANTITY}
        onClick={() => value < MAX_LINE_QUANTITY && commit(value + 1)}
      >
        +
      </button>
      {floor > 1 && <small className="qty-min">Mindestmenge {floor}</small>}
    </div>
  );
}
