import { isLpError } from '@lp/sdk';
import { isValidEmail } from '@lp/sdk/validation';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAccount } from './useAccount';

/** Where the reset mail's link leads (routes: account/password). */
export const RESET_PATH = '/account/password';

/** Shopper-facing German texts of the reset request (session 16). */
export const FORGOT_TEXT = {
  intro:
    'Geben Sie die E-Mail-Adresse Ihres Kundenkontos ein. Wir schicken Ihnen einen Link, mit dem Sie ein neues ' +
    'Passwort festlegen.',
  button: 'Link anfordern',
  sending: 'Die E-Mail wird gesendet …',
  sent:
    'Wenn zu dieser E-Mail-Adresse ein Kundenkonto gehört, haben wir Ihnen einen Link zum Festlegen eines neuen ' +
    'Passworts geschickt. Der Link ist eine Stunde gültig; bitte verwenden Sie den Link aus der neuesten E-Mail. ' +
    'Keine E-Mail erhalten? Sehen Sie auch im Spam-Ordner nach.',
  emailMissing: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  tooMany: 'Zu viele Anfragen. Bitte versuchen Sie es in einigen Minuten erneut.',
  failed: 'Die E-Mail konnte gerade nicht gesendet werden. Bitte versuchen Sie es später erneut.',
  outbox: 'E-Mail im Sandbox-Postausgang ansehen',
} as const;

type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; outboxUrl?: string }
  | { kind: 'failed'; message: string; field: boolean };

/**
 * /account/password (session 16): asks for a password reset mail. The API answers alike whether or not the address
 * has an account, so the message says what happens if it has one; the form stays, to ask again.
 */
export function ForgotPassword() {
  const account = useAccount();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });

  // After sending, focus goes to the confirmation (a screen reader reads it; the keyboard starts from there).
  // A refusal of the form (too many requests, no answer) focuses its alert: the button was disabled while sending,
  // which left the focus nowhere.
  useEffect(() => {
    if (state.kind === 'sent') sentRef.current?.focus();
    else if (state.kind === 'failed' && !state.field) alert.current?.focus();
  }, [state]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (state.kind === 'sending') return;
    const address = email.trim();
    if (!address || !isValidEmail(address)) {
      setState({
        kind: 'failed',
        message: address ? FORGOT_TEXT.emailInvalid : FORGOT_TEXT.emailMissing,
        field: true,
      });
      field.current?.focus();
      return;
    }
    setState({ kind: 'sending' });
    try {
      const answer = await account.requestPasswordReset(address, `${window.location.origin}${RESET_PATH}`);
      setState({ kind: 'sent', outboxUrl: answer.outboxUrl });
    } catch (error) {
      const code = isLpError(error) ? error.apiCode : undefined;
      const invalid = code === 'validation';
      setState({
        kind: 'failed',
        message:
          code === 'rate-limited'
            ? FORGOT_TEXT.tooMany
            : invalid
              ? FORGOT_TEXT.emailInvalid
              : FORGOT_TEXT.failed,
        field: invalid,
      });
      if (invalid) field.current?.focus();
    }
  };

  const fieldError = state.kind === 'failed' && state.field;
  return (
    <>
      <p>{FORGOT_TEXT.intro}</p>
      <form
        className="login-form"
        method="post"
        onSubmit={send}
        noValidate
        aria-busy={state.kind === 'sending'}
      >
        <div ref={alert} tabIndex={-1} className="login-form__alert" role="alert">
          {state.kind === 'failed' && !state.field && <p className="field-error">{state.message}</p>}
        </div>
        <label className="field" htmlFor={`${id}-email`}>
          E-Mail
        </label>
        <input
          ref={field}
          id={`${id}-email`}
          className="login-form__input"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-email-error` : undefined}
        />
        {fieldError && (
          <p id={`${id}-email-error`} className="field-error login-form__error">
            {state.message}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={state.kind === 'sending'}>
          {FORGOT_TEXT.button}
        </button>
        <p ref={sentRef} role="status" aria-live="polite" tabIndex={-1}>
          {state.kind === 'sending' ? FORGOT_TEXT.sending : state.kind === 'sent' ? FORGOT_TEXT.sent : ''}
        </p>
        {state.kind === 'sent' && state.outboxUrl && (
          <p className="sandbox-note">
            Demo-Shop: E-Mails werden nicht versendet. <a href={state.outboxUrl}>{FORGOT_TEXT.outbox}</a>
          </p>
        )}
        <p className="login-form__register">
          <Link to="/account/login">Zurück zur Anmeldung</Link>
        </p>
      </form>
    </>
  );
}
