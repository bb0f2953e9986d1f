import { clampQuantity } from '@lp/sdk/validation';
import { useEffect, useState } from 'react';
import { MAX_LINE_QUANTITY } from '../product/quantity';

/**
 * spec 5: a quantity never goes below the minimum (at least 1). Buttons step by one; typed values are committed
 * on blur or Enter and clamped to the minimum.
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
  useEffect(() => setText(String(value)), [value]);
  const commit = (next: number) => {
    const clamped = Math.min(clampQuantity(next, floor), MAX_LINE_QUANTITY);
    setText(String(clamped));
    if (clamped !== value) onChange(clamped);
  };
  return (
    <div className="qty-stepper">
      <button
        type="button"
        aria-label={`${label}: Menge verringern`}
        disabled={disabled || value <= floor}
        onClick={() => commit(value - 1)}
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
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => commit(Number(text))}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(Number(text));
        }}
      />
      <button
        type="button"
        aria-label={`${label}: Menge erhöhen`}
        disabled={disabled || value >= MAX_LINE_QUANTITY}
        onClick={() => commit(value + 1)}
      >
        +
      </button>
      {floor > 1 && <small className="qty-min">Mindestmenge {floor}</small>}
    </div>
  );
}
