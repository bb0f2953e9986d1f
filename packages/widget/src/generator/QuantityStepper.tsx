/** @jsxImportSource preact */
import { de } from '../i18n/de';
import { MAX_QUANTITY, clampPlateQuantity } from './configuration';

export interface QuantityStepperProps {
  id: string;
  value: number;
  min?: number;
  onChange: (quantity: number) => void;
}

/** Number of plates; 2 (a pair, front and back) by default, never below the minimum of 1 (spec 5). */
export function QuantityStepper({ id, value, min = 1, onChange }: QuantityStepperProps) {
  const lower = Math.max(1, min);
  const set = (next: number) => onChange(clampPlateQuantity(next, lower));
  return (
    <div class="field" part="quantity">
      <label class="label" for={id}>
        {de.quantity}
      </label>
      <div class="stepper">
        <button
          type="button"
          class="step"
          part="step"
          aria-label={de.less}
          aria-controls={id}
          disabled={value <= lower}
          onClick={() => set(value - 1)}
        >
          −
        </button>
        <input
          id={id}
          class="control"
          type="number"
          inputMode="numeric"
          min={lower}
          max={MAX_QUANTITY}
          step={1}
          value={String(value)}
          aria-describedby={`${id}-hint`}
          onChange={(event) => set(Number.parseInt(event.currentTarget.value, 10))}
        />
        <button
          type="button"
          class="step"
          part="step"
          aria-label={de.more}
          aria-controls={id}
          disabled={value >= MAX_QUANTITY}
          onClick={() => set(value + 1)}
        >
          +
        </button>
      </div>
      <span class="hint" id={`${id}-hint`}>
        {de.quantityHint}
      </span>
    </div>
  );
}
