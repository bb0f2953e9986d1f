/** @jsxImportSource preact */
import { de } from '../i18n/de';

export interface ColourSelectProps {
  id: string;
  colours: readonly string[];
  value: string | null;
  onChange: (colour: string) => void;
}

/**
 * spec 2: a text colour choice exists only when Schriftfarbe has more than one value. Without one (and while the
 * product loads) an invisible stand-in of the same size keeps the field's place, so the choice appearing with the
 * product moves nothing (DESIGN 7: CLS under 0.02).
 */
export function ColourSelect({ id, colours, value, onChange }: ColourSelectProps) {
  if (colours.length <= 1)
    return (
      <div class="field" style={{ visibility: 'hidden' }}>
        <span class="label">{de.colour}</span>
        <select class="control" disabled />
      </div>
    );
  return (
    <div class="field">
      <label class="label" for={id}>
        {de.colour}
      </label>
      <select
        id={id}
        class="control"
        part="select colour"
        value={value ?? colours[0]}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {colours.map((colour) => (
          <option key={colour} value={colour}>
            {colour}
          </option>
        ))}
      </select>
    </div>
  );
}
