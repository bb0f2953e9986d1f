import { formatPlateSize } from '@lp/sdk/contract';
import type { VariantOption } from '../../data/variants';

/** spec 2: each attribute offers its values with one active; sizes read '520 × 110 mm' (issue 13). */
export function VariantPicker(props: {
  options: VariantOption[];
  active: Record<string, string>;
  onChoose(name: string, value: string): void;
}) {
  return (
    <>
      {props.options.map((option) => (
        <fieldset key={option.name} className="choice">
          <legend>{option.name}</legend>
          <div className="choice__values">
            {option.values.map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={props.active[option.name] === value}
                onClick={() => props.onChoose(option.name, value)}
              >
                {formatPlateSize(value)}
              </button>
            ))}
          </div>
        </fieldset>
      ))}
    </>
  );
}

/** spec 2: the text-colour choice, shown only when Schriftfarbe has more than one value. */
export function ColourPicker(props: { colours: string[]; value: string; onChange(colour: string): void }) {
  if (props.colours.length < 2) return null;
  return (
    <fieldset className="choice">
      <legend>Schriftfarbe</legend>
      <div className="choice__values">
        {props.colours.map((colour) => (
          <label key={colour} className="choice__radio">
            <input
              type="radio"
              name="schriftfarbe"
              value={colour}
              checked={props.value === colour}
              onChange={() => props.onChange(colour)}
            />
            {colour}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
