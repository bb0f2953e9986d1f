import { isValidEmail } from '@lp/sdk/validation';
import { comparableEmail } from '../validation/comparableEmail';

/**
 * The e-mail address of a data subject as the shop matches it (account/registration.ts, sessionStore.ts): surrounding
 * spaces dropped, compared lower-cased by JavaScript ({@link comparableEmail}: the form accounts, orders, withdrawals
 * and sandbox mails keep their addresses in). Answers null for anything that is not a valid address (spec 5), so a
 * typo such as a missing `@` can never match, let alone erase, somebody.
 *
 * @example
 * subjectEmail(' Erika.Muster@Example.de '); // 'erika.muster@example.de'
 * subjectEmail('erika@'); // null
 */
export function subjectEmail(raw: string): string | null {
  const email = raw.trim();
  return isValidEmail(email) ? comparableEmail(email) : null;
}
