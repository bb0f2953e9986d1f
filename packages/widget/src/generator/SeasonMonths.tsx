/** @jsxImportSource preact */
import { MONTH_NAMES, type Season } from '@lp/sdk/plates';
import { de } from '../i18n/de';

export interface SeasonMonthsProps {
  id: string;
  value: Season;
  onChange: (season: Season) => void;
}

function MonthSelect(props: { id: string; label: string; value: number; onChange: (month: number) => void }) {
  return (
    <div>
      <label class="label" for={props.id}>
        {props.label}
      </label>
      <select
        id={props.id}
        class="control"
        part="select season-month"
        value={String(props.value)}
        onChange={(event) => props.onChange(Number(event.currentTarget.value))}
      >
        {MONTH_NAMES.map((name, index) => (
          <option key={name} value={String(index + 1)}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The season of a seasonal plate: first and last month, German month names, stored as numbers 1-12. */
export function SeasonMonths({ id, value, onChange }: SeasonMonthsProps) {
  return (
    <fieldset class="field" part="season">
      <legend class="label">{de.season}</legend>
      <div class="row months">
        <MonthSelect
          id={`${id}-start`}
          label={de.seasonStart}
          value={value.start}
          onChange={(start) => onChange({ ...value, start })}
        />
        <MonthSelect
          id={`${id}-end`}
          label={de.seasonEnd}
          value={value.end}
          onChange={(end) => onChange({ ...value, end })}
        />
      </div>
    </fieldset>
  );
}
