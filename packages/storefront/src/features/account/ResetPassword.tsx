import { isLpError } from '@lp/sdk';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAccount } from './useAccount';

/** Shopper-facing German texts of the new password (session 16). */
export const RESET_TEXT = {
  intro:
    'Wählen Sie ein neues Passwort. Danach melden Sie sich damit an; alle bisherigen Anmeldungen werden beendet.',
  label: 'Neues Passwort',
  hint: 'Mindestens 8 Zeichen.',
  // As at registration (registerMessages.ts; not imported, so the registration's chunks stay as they are).
  passwordMissing: 'Bitte wählen Sie ein Passwort.',
  passwordInvalid: 'Das Passwort muss 8 bis 200 Zeichen lang sein.',
  button: 'Passwort speichern',
  invalidLink:
    'Dieser Link ist ungültig, abgelaufen oder wurde schon verwendet. Es gilt nur der Link aus der neuesten ' +
    'E-Mail, eine Stunde lang.',
  askAgain: 'Neuen Link anfordern',
  tooMany: 'Zu viele Versuche. Bitte versuchen Sie es in einigen Minuten erneut.',
  failed: 'Das Passwort konnte gerade nicht geändert werden. Bitte versuchen Sie es später erneut.',
} as const;

/**
 * /account/password?token=… (session 16): the page of the reset mail's link. The token comes from the page (which took it out
 * of the address bar); the new password has registration's rules and hints. A used, replaced or expired link says
 * so and offers a new one; success hands the account's address on (the page then shows the login).
 */
export function ResetPassword({ token, onDone }: { token: string; onDone(email: string): void }) {
  const account = useAccount();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [failure, setFailure] = useState<'' | 'invalidLink' | 'tooMany' | 'failed'>(
    token ? '' : 'invalidLink',
  );
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (failure) alert.current?.focus();
  }, [failure]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // The length here; the API checks the whole rule of registration (isValidPassword, not imported: the
    // registration's chunk would split) and its refusal shows the same message.
    const error = !password
      ? RESET_TEXT.passwordMissing
      : [...password].length < 8
        ? RESET_TEXT.passwordInvalid
        : '';
    setFieldError(error);
    setFailure('');
    if (error) return input.current?.focus();
    setBusy(true);
    try {
      const { email } = await account.resetPassword(token, password);
      onDone(email);
    } catch (caught) {
      const code = isLpError(caught) ? caught.apiCode : undefined;
      if (code === 'validation') {
        setFieldError(RESET_TEXT.passwordInvalid);
        input.current?.focus();
      } else {
        setFailure(
          code === 'reset-token-invalid' ? 'invalidLink' : code === 'rate-limited' ? 'tooMany' : 'failed',
        );
      }
    } finally {
      setBusy(false);
    }
  };

  if (failure === 'invalidLink') {
    return (
      <div ref={alert} tabIndex={-1} role="alert">
        <p className="field-error">{RESET_TEXT.invalidLink}</p>
        <p>
          <Link to="/account/password">{RESET_TEXT.askAgain}</Link>
        </p>
      </div>
    );
  }
  const described = [fieldError && `${id}-error`, `${id}-hint`].filter(Boolean).join(' ');
  return (
    <>
      <p>{RESET_TEXT.intro}</p>
      <form className="login-form" method="post" onSubmit={submit} noValidate aria-busy={busy}>
        <div ref={alert} tabIndex={-1} className="login-form__alert" role="alert">
          {failure && <p className="field-error">{RESET_TEXT[failure]}</p>}
        </div>
        <label className="field" htmlFor={`${id}-password`}>
          {RESET_TEXT.label}
        </label>
        <input
          ref={input}
          id={`${id}-password`}
          className="login-form__input"
          type="password"
          name="password"
          autoComplete="new-password"
          maxLength={200}
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={described}
        />
        <p id={`${id}-hint`} className="login-form__hint">
          {RESET_TEXT.hint}
        </p>
        {fieldError && (
          <p id={`${id}-error`} className="field-error login-form__error">
            {fieldError}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={busy}>
          {RESET_TEXT.button}
        </button>
      </form>
    </>
  );
}
