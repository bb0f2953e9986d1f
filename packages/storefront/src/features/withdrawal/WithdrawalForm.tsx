import type { WithdrawalAnswer, WithdrawalBody } from '@lp/sdk/contract';
import { withdrawalPaths } from '@lp/sdk/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useShop } from '../../app/ShopContext';
import type { PickedLines } from './orderLinesPick';
import { useProvenOrder } from './useProvenOrder';
import {
  FIELD_ORDER,
  type WithdrawalFieldErrors,
  type WithdrawalFields,
  cleanField,
  receiptTime,
  validateWithdrawal,
  withdrawalFailure,
} from './withdrawalMessages';

type Step = 'details' | 'review' | 'done';

const LABELS: Record<keyof WithdrawalFields, string> = {
  name: 'Vor- und Nachname',
  orderNumber: 'Bestellnummer',
  email: 'E-Mail-Adresse für die Eingangsbestätigung',
  items: 'Welche Waren möchten Sie zurückgeben? (optional)',
};
const HINTS: Partial<Record<keyof WithdrawalFields, string>> = {
  orderNumber: 'Sie steht in Ihrer Bestellbestätigung.',
  items: 'Leer lassen, wenn Sie die ganze Bestellung widerrufen.',
};
const INPUT: Record<keyof WithdrawalFields, { maxLength: number; autoComplete: string; type: string }> = {
  name: { maxLength: 100, autoComplete: 'name', type: 'text' },
  orderNumber: { maxLength: 40, autoComplete: 'off', type: 'text' },
  email: { maxLength: 254, autoComplete: 'email', type: 'email' },
  items: { maxLength: 500, autoComplete: 'off', type: 'text' },
};

/**
 * Session 16, § 356a BGB: the electronic withdrawal function, reached from the footer's "Vertrag widerrufen" on every
 * page, without a login. Step 1 asks only what identifies the shopper and the order (name, order number, the
 * address for the receipt, optionally which goods); step 2 shows it and is sent with "Widerruf bestätigen"; then the
 * time of receipt is shown. Nothing is refused here: whether the right applies the shop answers afterwards. Focus
 * moves to each step's heading; errors are German, tied to their fields, the first wrong field focused.
 * Session 24: opened with the order's `headerGuid` (the order page, the account), it fills in name, number and
 * address from the order and offers its lines (WithdrawalLines.tsx); the number then stays the order's.
 * Session 24, withdrawfixui: the order fills in only fields still empty (a late answer keeps what was typed); when
 * the API refuses the order's proof (an old link), the declaration is sent again as text, and the receipt says so.
 */
export function WithdrawalForm({ headerGuid }: { headerGuid?: string | undefined } = {}) {
  const { sdk } = useShop();
  // The proven order fills in what it knows; the consumer may still change name and address.
  const {
    order,
    part,
    notice: orderNotice,
  } = useProvenOrder(headerGuid, (proven) => {
    const { name, lastName, email } = proven.billingPerson;
    // The number is the order's (read-only with its proof); name and address only where nothing was typed yet.
    setFields((state) => ({
      ...state,
      // Session 26: a day after the order its link alone gets no buyer (empty texts): nothing to fill in then.
      name: state.name || `${name} ${lastName}`.trim(),
      orderNumber: proven.orderNumber,
      email: state.email || email,
    }));
  });
  const [picked, setPicked] = useState<PickedLines>({});
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const quantityInputs = useRef<Record<number, HTMLInputElement | null>>({});
  const id = useId();
  const [step, setStep] = useState<Step>('details');
  const [fields, setFields] = useState<WithdrawalFields>({ name: '', orderNumber: '', email: '', items: '' });
  const [errors, setErrors] = useState<WithdrawalFieldErrors>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  // `note`: set when the declaration went as text after the proof was refused, said with the time of receipt.
  const [answer, setAnswer] = useState<WithdrawalAnswer & { note?: string | undefined }>();
  const heading = useRef<HTMLHeadingElement>(null);
  const alertBox = useRef<HTMLDivElement>(null);
  const inputs = useRef<Partial<Record<keyof WithdrawalFields, HTMLInputElement | null>>>({});
  const moved = useRef(false);
  // Set when the API refused fields: back in step 1 the first of them takes the focus instead of the heading.
  const refused = useRef<WithdrawalFieldErrors | null>(null);

  const focusFirst = (found: WithdrawalFieldErrors) => {
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) inputs.current[first]?.focus();
  };

  // Each step's heading takes the focus when the step changes (not on the page's first render: the route's own
  // focus handling puts it on the page heading). Fields the API refused: the first of them, so a screen reader
  // reads its error (tied with aria-describedby) rather than only the step's heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each step change
  useEffect(() => {
    if (refused.current) focusFirst(refused.current);
    else if (moved.current) heading.current?.focus();
    refused.current = null;
    moved.current = true;
  }, [step]);

  // A refusal of the whole form (too many calls, the API not reachable) takes the focus: "Widerruf bestätigen" was
  // disabled while sending, which left the focus nowhere, and the shopper should hear what to do next.
  useEffect(() => {
    if (failure) alertBox.current?.focus();
  }, [failure]);

  const toReview = (event: FormEvent) => {
    event.preventDefault();
    const found = validateWithdrawal(fields);
    const badLines = order && part ? part.pickErrors(order, picked) : {};
    setErrors(found);
    setLineErrors(badLines);
    setFailure('');
    if (Object.keys(found).length > 0) return focusFirst(found);
    const firstBad = Object.keys(badLines)
      .map(Number)
      .sort((a, b) => a - b)[0];
    if (firstBad !== undefined) return quantityInputs.current[firstBad]?.focus();
    setStep('review');
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure('');
    const items = cleanField(fields.items);
    const body: WithdrawalBody = {
      name: cleanField(fields.name),
      orderNumber: cleanField(fields.orderNumber),
      email: cleanField(fields.email),
      ...(items ? { items } : {}),
      // The proof that the order is the consumer's, and the lines they ticked (only then).
      ...(order ? { headerGuid: order.headerGuid } : {}),
      ...(part && order && Object.keys(picked).length > 0 ? { lines: part.pickedBody(picked, order) } : {}),
    };
    const send = (sent: WithdrawalBody) =>
      sdk.client.request<WithdrawalAnswer>('POST', withdrawalPaths.withdraw, { body: sent });
    try {
      // § 356a: never refused because of the order; a refused proof goes again as text (orderLinesPart.ts).
      const { answer: received, note } =
        order && part ? await part.sendProven(send, body, order, picked) : { answer: await send(body) };
      setAnswer({ ...received, note });
      setStep('done');
    } catch (error) {
      const refusal = withdrawalFailure(error);
      setFailure(refusal.message);
      if (Object.keys(refusal.fields).length > 0) {
        refused.current = refusal.fields;
        setErrors(refusal.fields);
        setStep('details');
      }
    } finally {
      setBusy(false);
    }
  };

  const alert = (
    <div ref={alertBox} tabIndex={-1} className="login-form__alert" role="alert">
      {failure && <p className="field-error">{failure}</p>}
    </div>
  );

  if (step === 'done' && answer) {
    const { day, time, zone } = receiptTime(answer.receivedAt);
    return (
      <div className="register-done">
        {/* The time of receipt describes the focused heading, so a screen reader says it at once. */}
        <h2 ref={heading} tabIndex={-1} aria-describedby={`${id}-receipt`}>
          Widerruf eingegangen
        </h2>
        <p id={`${id}-receipt`}>
          Ihr Widerruf ist am {day} um {time} Uhr {zone} eingegangen.{' '}
          {answer.confirmationMailed
            ? 'Wir haben Ihnen eine Bestätigung per E-Mail geschickt.'
            : 'Die Bestätigung per E-Mail konnten wir noch nicht versenden; wir schicken sie Ihnen nach.'}
          {answer.note && ` ${answer.note}`}
        </p>
        <p>
          Ob das Widerrufsrecht für die genannten Waren besteht, teilen wir Ihnen gesondert mit. Wie es
          weitergeht, lesen Sie in der E-Mail und in unserer{' '}
          <Link to="/widerrufsrecht">Widerrufsbelehrung</Link>.
        </p>
        {answer.outboxUrl && (
          <p className="sandbox-note">
            Demo-Shop: E-Mails werden nicht versendet.{' '}
            <a href={answer.outboxUrl}>Bestätigung im Sandbox-Postausgang ansehen</a>
          </p>
        )}
      </div>
    );
  }

  if (step === 'review') {
    return (
      <form
        className="login-form withdrawal-form"
        method="post"
        onSubmit={confirm}
        noValidate
        aria-busy={busy}
      >
        <h2 ref={heading} tabIndex={-1}>
          Schritt 2 von 2: Angaben prüfen
        </h2>
        {alert}
        <p>Bitte prüfen Sie Ihre Angaben. Mit „Widerruf bestätigen“ erklären Sie den Widerruf.</p>
        <dl className="withdrawal-form__summary">
          <dt>{LABELS.name}</dt>
          <dd>{cleanField(fields.name)}</dd>
          <dt>{LABELS.orderNumber}</dt>
          <dd>{cleanField(fields.orderNumber)}</dd>
          <dt>E-Mail-Adresse</dt>
          <dd>{cleanField(fields.email)}</dd>
          <dt>Waren</dt>
          {order && part && <part.PickedSummary order={order} picked={picked} />}
          {(cleanField(fields.items) || Object.keys(picked).length === 0) && (
            <dd>{cleanField(fields.items) || 'Die ganze Bestellung'}</dd>
          )}
        </dl>
        <button type="submit" className="button button--primary" disabled={busy}>
          Widerruf bestätigen
        </button>{' '}
        <button type="button" className="button" disabled={busy} onClick={() => setStep('details')}>
          Angaben ändern
        </button>
      </form>
    );
  }

  return (
    <form className="login-form withdrawal-form" method="post" onSubmit={toReview} noValidate>
      <h2 ref={heading} tabIndex={-1}>
        Schritt 1 von 2: Ihre Angaben
      </h2>
      {alert}
      {/* A live region from the start: the note appears after the order was read and must be announced. */}
      <div role="status">{orderNotice && <p className="notice">{orderNotice}</p>}</div>
      {FIELD_ORDER.map((name) => {
        const error = errors[name];
        // With the order's lines offered, the free text adds to the ticked ones (their hint names the whole order).
        const hint = name === 'items' && part ? part.LINES_TEXT.itemsHint : HINTS[name];
        const describedBy = [hint && `${id}-${name}-hint`, error && `${id}-${name}-error`].filter(Boolean);
        return (
          <div key={name}>
            {name === 'items' && order && part && (
              <part.WithdrawalLines
                order={order}
                picked={picked}
                errors={lineErrors}
                onChange={setPicked}
                register={(line, element) => {
                  quantityInputs.current[line] = element;
                }}
              />
            )}
            <label className="field" htmlFor={`${id}-${name}`}>
              {LABELS[name]}
            </label>
            <input
              ref={(element) => {
                inputs.current[name] = element;
              }}
              id={`${id}-${name}`}
              className="login-form__input"
              name={name}
              {...INPUT[name]}
              {...(name === 'email' ? { inputMode: 'email' as const } : {})}
              required={name !== 'items'}
              readOnly={name === 'orderNumber' && order !== undefined}
              value={fields[name]}
              onChange={(event) => setFields((state) => ({ ...state, [name]: event.target.value }))}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy.join(' ') || undefined}
            />
            {hint && (
              <p id={`${id}-${name}-hint`} className="login-form__hint">
                {hint}
              </p>
            )}
            {error && (
              <p id={`${id}-${name}-error`} className="field-error login-form__error">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" className="button button--primary">
        Weiter
      </button>
    </form>
  );
}
