import type { FieldSpec } from './checkoutFields';

/** A labelled input with its inline message (aria-describedby, aria-invalid). */
export function TextField({
  id,
  name,
  spec,
  value,
  error,
  autoCompletePrefix,
  onChange,
  onBlur,
}: {
  id: string;
  name: string;
  spec: FieldSpec;
  value: string;
  error?: string;
  autoCompletePrefix?: string;
  onChange(value: string): void;
  onBlur(): void;
}) {
  const messageId = `${id}-error`;
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {spec.label}
        {!spec.optional && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        name={name}
        type={spec.type ?? 'text'}
        inputMode={spec.inputMode}
        autoComplete={autoCompletePrefix ? `${autoCompletePrefix} ${spec.autoComplete}` : spec.autoComplete}
        maxLength={spec.maxLength}
        required={!spec.optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {error && (
        <p id={messageId} className="field-message">
          {error}
        </p>
      )}
    </div>
  );
}
