import { isLpError } from '@lp/sdk';
import { isValidEmail } from '@lp/sdk/validation';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { CONFIRM_PATH } from './RegisterForm';
import { useAccount } from './useAccount';

/** Shopper-facing German texts of the resend (issue 13). */
export const RESEND_TEXT = {
  button: 'Bestätigungs-E-Mail erneut senden',
  sending: 'Die E-Mail wird gesendet …',
  sent:
    'Wir haben eine neue Bestätigungs-E-Mail verschickt, sofern zu dieser Adresse ein noch nicht bestätigtes ' +
    'Kundenkonto gehört. Bitte verwenden Sie den Link aus der neuesten E-Mail: Frühere Links gelten nicht mehr.',
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  tooMany: 'Zu viele Anfragen. Bitte versuchen Sie es in einigen Minuten erneut.',
  failed: 'Die E-Mail konnte gerade nicht gesendet werden. Bitte versuchen Sie es später erneut.',
  outbox: 'Neue E-Mail im Sandbox-Postausgang ansehen',
} as const;

type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; outboxUrl?: string }
  | { kind: 'failed'; message: string };

/**
 * Issue 13: asks the API for a new confirmation mail. With `email` (the shopper just registered) it is one button;
 * without, the shopper types the address first. The answer is the same whether or not the address has an account
 * (the API does not tell), so the message says what happens if it has one.
 */
export function ResendConfirmation({ email }: { email?: string }) {
  const account = useAccount();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const status = useRef<HTMLParagraphElement>(null);
  const alert = useRef<HTMLParagraphElement>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });

  // The button is disabled while sending, which drops the focus: the answer takes it (a screen reader reads it, the
  // keyboard goes on from there). A malformed address focuses its field instead (in `send`).
  useEffect(() => {
    if (state.kind === 'sent') status.current?.focus();
    else if (state.kind === 'failed' && state.message !== RESEND_TEXT.emailInvalid) alert.current?.focus();
  }, [state]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const address = (email ?? typed).trim();
    if (!isValidEmail(address)) {
      setState({ kind: 'failed', message: RESEND_TEXT.emailInvalid });
      field.current?.focus();
      return;
    }
    setState({ kind: 'sending' });
    try {
      const answer = await account.resendConfirmation(address, `${window.location.origin}${CONFIRM_PATH}`);
      setState({ kind: 'sent', outboxUrl: answer.outboxUrl });
    } catch (error) {
      const tooMany = isLpError(error) && error.apiCode === 'rate-limited';
      const invalid = isLpError(error) && error.apiCode === 'validation';
      setState({
        kind: 'failed',
        message: tooMany ? RESEND_TEXT.tooMany : invalid ? RESEND_TEXT.emailInvalid : RESEND_TEXT.failed,
      });
      if (invalid) field.current?.focus();
    }
  };

  const message =
    state.kind === 'sending' ? RESEND_TEXT.sending : state.kind === 'sent' ? RESEND_TEXT.sent : '';
  return (
    <form
      className="login-form"
      method="post"
      onSubmit={send}
      noValidate
      aria-busy={state.kind === 'sending'}
    >
      {email === undefined && (
        <div className="login-form__field">
          <label className="field" htmlFor={`${id}-email`}>
            E-Mail
          </label>
          <input
            ref={field}
            className="login-form__input"
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            maxLength={254}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={state.kind === 'failed' && state.message === RESEND_TEXT.emailInvalid}
            aria-describedby={state.kind === 'failed' ? `${id}-alert` : undefined}
          />
        </div>
      )}
      <p>
        <button type="submit" className="button" disabled={state.kind === 'sending'}>
          {RESEND_TEXT.button}
        </button>
      </p>
      <p ref={status} role="status" aria-live="polite" tabIndex={-1}>
        {message}
      </p>
      {state.kind === 'sent' && state.outboxUrl && (
        <p className="sandbox-note">
          Demo-Shop: E-Mails werden nicht versendet. <a href={state.outboxUrl}>{RESEND_TEXT.outbox}</a>
        </p>
      )}
      {state.kind === 'failed' && (
        <p ref={alert} id={`${id}-alert`} className="field-error" role="alert" tabIndex={-1}>
          {state.message}
        </p>
      )}
    </form>
  );
}
