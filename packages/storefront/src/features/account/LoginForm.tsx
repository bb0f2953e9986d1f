import type { Customer } from '@lp/sdk/account';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { type LoginFieldErrors, loginErrorMessage, validateLogin } from './loginMessages';
import { useAccount } from './useAccount';

/**
 * Issue 6 login form: E-Mail, Passwort, 'Anmelden'. Messages are German, shown inline on submit and announced;
 * focus moves to the first wrong field. 'Passwort vergessen?' leads to the reset (session 16), 'Registrieren' to the
 * registration (issue 13). `email`: the address to start with (after a password reset).
 */
export function LoginForm({
  onLoggedIn,
  email: initialEmail = '',
}: {
  onLoggedIn(customer: Customer): void | Promise<void>;
  email?: string;
}) {
  const account = useAccount();
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // Session 25: unticked, the session ends with the browser (and after 12 hours): a shared computer's next person
  // finds nobody logged in. Read at submit only, so it needs no state.
  const rememberRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  // A password typed with caps lock on is the commonest wrong password; the shopper is told while typing.
  const [capsLock, setCapsLock] = useState(false);
  const readCapsLock = (event: KeyboardEvent) => setCapsLock(event.getModifierState('CapsLock'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const errors = validateLogin(email, password);
    setFieldErrors(errors);
    setFailure('');
    if (errors.email) return emailRef.current?.focus();
    if (errors.password) return passwordRef.current?.focus();
    setBusy(true);
    try {
      const customer = await account.login(email.trim(), password, rememberRef.current?.checked);
      await onLoggedIn(customer);
    } catch (error) {
      setFailure(loginErrorMessage(error));
      setPassword('');
      passwordRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="login-form" method="post" onSubmit={submit} noValidate aria-busy={busy}>
      <div className="login-form__alert" role="alert">
        {failure && <p className="field-error">{failure}</p>}
      </div>
      <label className="field" htmlFor={`${id}-email`}>
        E-Mail
      </label>
      <input
        ref={emailRef}
        id={`${id}-email`}
        className="login-form__input"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        maxLength={254}
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        aria-invalid={fieldErrors.email ? true : undefined}
        aria-describedby={fieldErrors.email ? `${id}-email-error` : undefined}
      />
      {fieldErrors.email && (
        <p id={`${id}-email-error`} className="field-error login-form__error">
          {fieldErrors.email}
        </p>
      )}
      <label className="field" htmlFor={`${id}-password`}>
        Passwort
      </label>
      <input
        ref={passwordRef}
        id={`${id}-password`}
        className="login-form__input"
        type="password"
        name="password"
        autoComplete="current-password"
        maxLength={200}
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        onKeyDown={readCapsLock}
        onKeyUp={readCapsLock}
        onBlur={() => setCapsLock(false)}
        aria-invalid={fieldErrors.password ? true : undefined}
        aria-describedby={
          [capsLock && `${id}-caps`, fieldErrors.password && `${id}-password-error`]
            .filter(Boolean)
            .join(' ') || undefined
        }
      />
      {capsLock && (
        <p id={`${id}-caps`} className="login-form__hint">
          Die Feststelltaste ist aktiviert.
        </p>
      )}
      {fieldErrors.password && (
        <p id={`${id}-password-error`} className="field-error login-form__error">
          {fieldErrors.password}
        </p>
      )}
      <p className="login-form__forgot">
        <Link to="/account/password">Passwort vergessen?</Link>
      </p>
      <label className="checkbox">
        <input ref={rememberRef} type="checkbox" />
        Angemeldet bleiben
      </label>
      <button type="submit" className="button button--primary" disabled={busy}>
        Anmelden
      </button>
      <p className="login-form__register">
        Noch kein Kundenkonto? <Link to="/account/register">Registrieren</Link>
      </p>
    </form>
  );
}
