import { isValidEmail } from '@lp/sdk/validation';

/**
 * The one form in which the shop keeps and compares e-mail addresses (session 21, mailcase): trimmed and lower-cased
 * by JavaScript, as accounts store theirs (account/registration.ts). Orders, withdrawals and sandbox mails store
 * their address in this form, and every lookup compares `= $1` with a parameter made by this function. The
 * database's `lower()` is never the rule: under the C locale (many PostgreSQL servers and Docker images) it leaves
 * "Ü" as it is, so an order placed as "MAX@MÜLLER.DE" was missed by the export and the erasure of max@müller.de.
 * Composed (NFC) after lower-casing (session 22, hostile): "ü" typed as "u" + U+0308 is the letter the validator
 * reads and the mailbox the mail server reaches, so it is the same address (RFC 6532 asks for NFC).
 *
 * @example
 * comparableEmail(' MAX@MÜLLER.DE '); // 'max@müller.de'
 * comparableEmail('max@mu\u0308ller.de'); // 'max@müller.de'
 */
export const comparableEmail = (raw: string): string => raw.trim().toLowerCase().normalize('NFC');

/**
 * A valid address (spec 5) whose comparable form is valid too: JavaScript lower-cases "İ" to "i" + U+0307, which
 * is no letter of the rule and one character longer (an address of 254 characters would break a CHECK). Refused
 * as accounts refuse it (registration.ts `storedEmail`), so what is kept is always a valid address.
 */
export const isComparableEmail = (raw: string): boolean =>
  isValidEmail(raw) && isValidEmail(comparableEmail(raw));
