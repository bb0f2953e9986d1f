import type { Customer } from '@lp/sdk/account';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  REGISTER_FIELDS,
  type RegisterErrors,
  type RegisterField,
  type RegisterValues,
  registerFailure,
  validateRegistration,
} from './registerMessages';
import { useAccount } from './useAccount';

/** Where the confirmation link of the mail leads (routes: account/confirm). */
export const CONFIRM_PATH = '/account/confirm';

interface FieldSpec {
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  maxLength: number;
  hint?: string;
}

const FIELDS: Record<RegisterField, FieldSpec> = {
  name: { label: 'Vorname', type: 'text', autoComplete: 'given-name', maxLength: 100 },
  lastName: { label: 'Nachname', type: 'text', autoComplete: 'family-name', maxLength: 100 },
  email: { label: 'E-Mail', type: 'email', autoComplete: 'email', maxLength: 254 },
  password: {
    label: 'Passwort',
    type: 'password',
    autoComplete: 'new-password',
    maxLength: 200,
    hint: 'Mindestens 8 Zeichen.',
  },
};

const EMPTY: RegisterValues = { name: '', lastName: '', email: '', password: '' };

/**
 * Issue 13 registration form: Vorname, Nachname, E-Mail, Passwort, 'Registrieren'. Checked with the checkout's
 * rules (shared with the API) before sending; German messages inline and announced, focus on the first wrong
 * field. A taken email says so and offers the login. Session 25: "Angemeldet bleiben" as in the login form.
 */
export function RegisterForm({
  onRegistered,
}: {
  onRegistered(customer: Customer & { outboxUrl?: string }): void | Promise<void>;
}) {
  const account = useAccount();
  const id = useId();
  const refs: Record<RegisterField, RefObject<HTMLInputElement | null>> = {
    name: useRef<HTMLInputElement>(null),
    lastName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  // Session 25, accountfollow: the login's "Angemeldet bleiben", unticked as there (a new account on a shared
  // computer ends with the browser, 12 hours at most). Read at submit only, so it needs no state.
  const rememberRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const focusFirst = (found: RegisterErrors) => {
    const first = REGISTER_FIELDS.find((field) => found[field]);
    if (first) refs[first].current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateRegistration(values);
    setErrors(found);
    setFailure('');
    if (Object.keys(found).length) return focusFirst(found);
    setBusy(true);
    try {
      const customer = await account.register({
        name: values.name.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        password: values.password,
        confirmUrl: `${window.location.origin}${CONFIRM_PATH}`,
        remember: rememberRef.current?.checked,
      });
      await onRegistered(customer);
    } catch (error) {
      const { fields, message } = registerFailure(error);
      setErrors(fields);
      setFailure(message);
      focusFirst(fields);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="login-form" method="post" onSubmit={submit} noValidate aria-busy={busy}>
      <div className="login-form__alert" role="alert">
        {failure && <p className="field-error">{failure}</p>}
      </div>
      {REGISTER_FIELDS.map((field) => {
        const spec = FIELDS[field];
        const inputId = `${id}-${field}`;
        const described = [errors[field] && `${inputId}-error`, spec.hint && `${inputId}-hint`]
          .filter(Boolean)
          .join(' ');
        return (
          <div key={field} className="login-form__field">
            <label className="field" htmlFor={inputId}>
              {spec.label}
            </label>
            <input
              ref={refs[field]}
              id={inputId}
              className="login-form__input"
              type={spec.type}
              name={field}
              autoComplete={spec.autoComplete}
              inputMode={spec.type === 'email' ? 'email' : undefined}
              maxLength={spec.maxLength}
              required
              value={values[field]}
              onChange={(event) => setValues((old) => ({ ...old, [field]: event.target.value }))}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={described || undefined}
            />
            {spec.hint && (
              <p id={`${inputId}-hint`} className="login-form__hint">
                {spec.hint}
              </p>
            )}
            {errors[field] && (
              <p id={`${inputId}-error`} className="field-error login-form__error">
                {errors[field]}
              </p>
            )}
          </div>
        );
      })}
      <label className="checkbox">
        <input ref={rememberRef} type="checkbox" />
        Angemeldet bleiben
      </label>
      <button type="submit" className="button button--primary" disabled={busy}>
        Registrieren
      </button>
      <p className="login-form__register">
        Schon ein Kundenkonto? <Link to="/account/login">Anmelden</Link>
      </p>
    </form>
  );
}
