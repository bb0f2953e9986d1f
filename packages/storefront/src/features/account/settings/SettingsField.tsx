import type { ReactNode } from 'react';
import { SETTINGS_TEXT } from './settingsText';
import type { SettingsForm } from './useSettingsForm';

/**
 * One labelled input of a settings form (session 20): its hint and its error are its description, the error marks it
 * invalid. `name` is also the key of the form's errors.
 */
export function SettingsField({
  form,
  name,
  label,
  value,
  onChange,
  type = 'password',
  autoComplete,
  hint,
}: {
  form: SettingsForm;
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  type?: 'password' | 'email';
  autoComplete: 'current-password' | 'new-password' | 'email';
  hint?: string;
}) {
  const id = `${form.id}-${name}`;
  const error = form.errors[name];
  const described = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <>
      <label className="field" htmlFor={id}>
        {label}
      </label>
      <input
        ref={form.input(name)}
        id={id}
        className="login-form__input"
        type={type}
        name={name}
        autoComplete={autoComplete}
        {...(type === 'email' ? { inputMode: 'email' as const } : {})}
        maxLength={type === 'email' ? 254 : 200}
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint && (
        <p id={`${id}-hint`} className="login-form__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error login-form__error">
          {error}
        </p>
      )}
    </>
  );
}

/** The current password each setting asks for again, as a password manager fills it in. */
export function CurrentPasswordField({
  form,
  value,
  onChange,
}: {
  form: SettingsForm;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <SettingsField
      form={form}
      name="password"
      label={SETTINGS_TEXT.currentPassword}
      autoComplete="current-password"
      value={value}
      onChange={onChange}
    />
  );
}

/** The form's alert (a refusal of the whole form) before its fields: focused when it shows. */
export function FormAlert({ form }: { form: SettingsForm }) {
  return (
    <div ref={form.alertRef} tabIndex={-1} className="login-form__alert" role="alert">
      {form.alert && <p className="field-error">{form.alert.message}</p>}
    </div>
  );
}

/** The button and the result below it (focused when it shows), with anything the result links to. */
export function FormEnd({
  form,
  button,
  children,
}: {
  form: SettingsForm;
  button: string;
  children?: ReactNode;
}) {
  return (
    <>
      <button type="submit" className="button button--primary" disabled={form.busy}>
        {button}
      </button>
      <p ref={form.doneRef} role="status" tabIndex={-1}>
        {form.done}
      </p>
      {form.done && children}
    </>
  );
}
