import type { FieldKey, FieldSpec } from './checkoutFields';
import { type CheckoutFormStore, fieldValue } from './checkoutFormStore';
import { useCheckoutFormState } from './useCheckoutForm';

/**
 * A labelled input with its hint and inline message (aria-describedby, aria-invalid), bound to its own text and message in
 * the form's store: a key press renders this field only.
 */
export function TextField({
  form,
  fieldKey,
  spec,
  autoCompletePrefix,
}: {
  form: CheckoutFormStore;
  fieldKey: FieldKey;
  spec: FieldSpec;
  autoCompletePrefix?: string;
}) {
  const value = useCheckoutFormState(form, (state) => fieldValue(state.values, fieldKey));
  const error = useCheckoutFormState(form, (state) => state.errors[fieldKey]);
  // 'email', 'shipping-city': the submit focuses the first invalid field by this id.
  const id = fieldKey.replace('.', '-');
  const messageId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [spec.hint && hintId, error && messageId].filter(Boolean).join(' ') || undefined;
  // No token (the house number): the browser goes by the label.
  const token = spec.autoComplete && (autoCompletePrefix ? `${autoCompletePrefix} ` : '') + spec.autoComplete;
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {spec.label}
        {!spec.optional && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        name={id}
        type={spec.type ?? 'text'}
        inputMode={spec.inputMode}
        autoComplete={token || undefined}
        maxLength={spec.maxLength}
        required={!spec.optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        value={value}
        onChange={(event) => form.set(fieldKey, event.target.value)}
        onBlur={() => form.blur(fieldKey)}
      />
      {spec.hint && (
        <p id={hintId} className="form-hint">
          {spec.hint}
        </p>
      )}
      {error && (
        <p id={messageId} className="field-message">
          {error}
        </p>
      )}
    </div>
  );
}
