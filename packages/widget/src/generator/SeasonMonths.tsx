/** @jsxImportSource preact */
import { MONTH_NAMES, type Season } from '@lp/sdk/plates';
import { de } from '../i18n/de';
import type { InputIssue } from './PlateTextInput';

export interface SeasonMonthsProps {
  id: string;
  value: Season;
  onChange: (season: Season) => void;
  /** The season's findings of the plate rules (span, missing month), shown here and tied to both selects. */
  errors: readonly InputIssue[];
}

function MonthSelect(props: {
  id: string;
  label: string;
  value: number;
  onChange: (month: number) => void;
  /** The season's `aria-invalid` and `aria-describedby`, the same on both selects. */
  aria: { 'aria-invalid': boolean; 'aria-describedby': string };
}) {
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
        {...props.aria}
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

/**
 * The season of a seasonal plate: first and last month, German month names, stored as numbers 1-12. Its rule
 * messages (spec 5: at least 2, at most 11 months) mark and describe both selects, not the text field.
 */
export function SeasonMonths({ id, value, onChange, errors }: SeasonMonthsProps) {
  const errorId = `${id}-errors`;
  const aria = { 'aria-invalid': errors.length > 0, 'aria-describedby': errorId };
  return (
    <fieldset class="field" part="season">
      <legend class="label">{de.season}</legend>
      <div class="row months">
        <MonthSelect
          id={`${id}-start`}
          label={de.seasonStart}
          value={value.start}
          onChange={(start) => onChange({ ...value, start })}
          aria={aria}
        />
        <MonthSelect
          id={`${id}-end`}
          label={de.seasonEnd}
          value={value.end}
          onChange={(end) => onChange({ ...value, end })}
          aria={aria}
        />
      </div>
      <div id={errorId} role="alert" aria-live="polite" aria-atomic="true">
        {errors.map((issue) => (
          <p key={issue.code} class="error" part="error">
            {issue.message}
          </p>
        ))}
      </div>
    </fieldset>
  );
}
