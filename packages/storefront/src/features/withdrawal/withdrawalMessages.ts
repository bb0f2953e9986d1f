import { isLpError } from '@lp/sdk';
import { asOneLine, isValidEmail } from '@lp/sdk/validation';

/** Session 16, § 356a BGB: the shopper-facing German texts of the withdrawal function ("Vertrag widerrufen"). */
export const WITHDRAWAL_TEXT = {
  nameMissing: 'Bitte geben Sie Ihren Namen ein.',
  orderNumberMissing: 'Bitte geben Sie Ihre Bestellnummer ein.',
  emailMissing: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  fieldInvalid: 'Bitte prüfen Sie diese Angabe.',
  tooMany: 'Zu viele Anfragen. Bitte versuchen Sie es in einer Minute erneut.',
  failed:
    'Ihr Widerruf konnte gerade nicht gesendet werden. Bitte versuchen Sie es erneut oder erklären Sie den ' +
    'Widerruf per E-Mail oder Brief (die Anschrift steht in unserer Widerrufsbelehrung).',
} as const;

/** What the shopper typed in step 1. */
export interface WithdrawalFields {
  name: string;
  orderNumber: string;
  email: string;
  items: string;
}

export type WithdrawalFieldErrors = Partial<Record<keyof WithdrawalFields, string>>;

/** The fields in the order of the form: the first wrong one gets the focus. */
export const FIELD_ORDER = ['name', 'orderNumber', 'email', 'items'] as const;

/**
 * A field as it is shown in the summary and sent: trimmed, and the characters the API refuses in a single line made
 * what the field showed (`asOneLine`): C1 controls and U+2028/U+2029, which text copied from a PDF or a word
 * processor can carry, as spaces; bidi controls (session 22), which a copied name can carry, left out. The shopper
 * is not refused for a character the screen never showed; the summary shows what is sent.
 */
export function cleanField(value: string): string {
  return asOneLine(value).trim();
}

/** Checks step 1 before the summary; an empty object means it may go on. Only presence and the address's form. */
export function validateWithdrawal(fields: WithdrawalFields): WithdrawalFieldErrors {
  const errors: WithdrawalFieldErrors = {};
  if (!cleanField(fields.name)) errors.name = WITHDRAWAL_TEXT.nameMissing;
  if (!cleanField(fields.orderNumber)) errors.orderNumber = WITHDRAWAL_TEXT.orderNumberMissing;
  const email = fields.email.trim();
  if (!email) errors.email = WITHDRAWAL_TEXT.emailMissing;
  else if (email.length > 254 || !isValidEmail(email)) errors.email = WITHDRAWAL_TEXT.emailInvalid;
  return errors;
}

/**
 * A refused call in German: the API's field errors (`errors[].field`) go to their fields (the shopper is taken back
 * to step 1), too many calls and everything else to the form's alert.
 */
export function withdrawalFailure(error: unknown): { fields: WithdrawalFieldErrors; message: string } {
  if (isLpError(error) && error.apiCode === 'rate-limited')
    return { fields: {}, message: WITHDRAWAL_TEXT.tooMany };
  const listed = isLpError(error)
    ? (error.body as { errors?: { field?: unknown }[] } | undefined)?.errors
    : undefined;
  const fields: WithdrawalFieldErrors = {};
  for (const entry of Array.isArray(listed) ? listed : []) {
    const field = FIELD_ORDER.find((name) => name === entry?.field);
    if (field)
      fields[field] = field === 'email' ? WITHDRAWAL_TEXT.emailInvalid : WITHDRAWAL_TEXT.fieldInvalid;
  }
  return { fields, message: Object.keys(fields).length > 0 ? '' : WITHDRAWAL_TEXT.failed };
}

const berlin = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('de-DE', { ...options, timeZone: 'Europe/Berlin' });

/**
 * The time of receipt as the receipt mail writes it: '25. November 2026', '14:05:09' and 'MEZ' or 'MESZ' (German
 * time). The zone is always named: on the last Sunday of October 02:00-03:00 happens twice (session 25).
 */
export function receiptTime(iso: string): { day: string; time: string; zone: string } {
  const at = new Date(iso);
  const parts = berlin({
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: berlin({ day: 'numeric', month: 'long', year: 'numeric' }).format(at),
    time: `${part('hour')}:${part('minute')}:${part('second')}`,
    zone: part('timeZoneName'),
  };
}
