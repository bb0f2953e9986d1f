/** @jsxImportSource preact */
import type { Ref } from 'preact';
import { de } from '../i18n/de';

/** One shopper-facing finding of the plate rules (`PlateIssue` of `@lp/sdk/plates`). */
export interface InputIssue {
  code: string;
  message: string;
}

export interface PlateTextInputProps {
  id: string;
  value: string;
  onInput: (value: string) => void;
  /** Rule violations in German, shown inline. */
  errors: readonly InputIssue[];
  /** Hints that do not block the order (regional bans). */
  warnings: readonly InputIssue[];
  label?: string;
  inputRef?: Ref<HTMLInputElement>;
  maxLength?: number;
}

/**
 * The plate text field. Messages come from `validatePlate` and are tied to the field with
 * `aria-describedby`; their container is a polite live region that exists from the start, so screen readers
 * announce a new message without interrupting the typing. A space goes before each message: a reader that takes the
 * region's text without the paragraphs' boundaries (messages laid out inline, e.g. `::part(error)` styled so) then
 * still reads one sentence after the other, not "…enthalten.Die Erkennungsnummer…".
 */
export function PlateTextInput(props: PlateTextInputProps) {
  const { id, errors, warnings } = props;
  const hintId = `${id}-hint`;
  const errorId = `${id}-errors`;
  const invalid = errors.length > 0;
  return (
    <div class="field">
      <label class="label" for={id} part="label">
        {props.label ?? de.plateText}
      </label>
      <input
        id={id}
        ref={props.inputRef}
        class="control plate-input"
        part="input plate-input"
        type="text"
        name="kennzeichen"
        value={props.value}
        autoComplete="off"
        autoCapitalize="characters"
        spellcheck={false}
        maxLength={props.maxLength ?? 20}
        aria-invalid={invalid}
        aria-describedby={`${hintId} ${errorId}`}
        onInput={(event) => props.onInput(event.currentTarget.value)}
      />
      <span class="hint" id={hintId}>
        {de.plateTextHint}
      </span>
      <div id={errorId} role="alert" aria-live="polite" aria-atomic="true">
        {errors.map((issue) => [
          ' ',
          <p key={issue.code} class="error" part="error">
            {issue.message}
          </p>,
        ])}
        {warnings.map((issue) => [
          ' ',
          <p key={issue.code} class="warning" part="warning">
            {issue.message}
          </p>,
        ])}
      </div>
    </div>
  );
}
