import type { Customer } from '@lp/sdk/contract';
import type { MailTransport } from '../outbox/mailTransport';
import { type ShopSender, signOffWithImprint } from './signOff';

/** What to do when the password change was not the customer's own (the mailbox still is theirs). */
const NOT_YOU =
  'Falls Sie das nicht selbst waren, setzen Sie bitte über „Passwort vergessen?“ auf der Anmeldeseite sofort ein neues Passwort und schreiben Sie uns.';

/**
 * Session 20: the notice after a password change in the account (the voice of the reset mail): what happened, that
 * the other devices were signed out, and what to do when it was not the customer.
 */
export function sendPasswordChanged(
  mail: MailTransport,
  customer: Customer,
  sender: ShopSender,
): Promise<string | undefined> {
  return mail.send({
    to: customer.email,
    subject: 'Ihr Passwort wurde geändert',
    text: [
      `Guten Tag ${customer.name} ${customer.lastName},`,
      '',
      'das Passwort Ihres Kundenkontos wurde soeben geändert. Auf allen anderen Geräten wurden Sie abgemeldet.',
      NOT_YOU,
      ...signOffWithImprint(sender),
    ].join('\n'),
  });
}

/**
 * Session 20: the confirmation link of a new address, mailed to that address. The address changes only when the
 * link is opened while logged in to the account (registration.ts confirmEmail).
 */
export function sendEmailChangeLink(
  mail: MailTransport,
  customer: Customer,
  newEmail: string,
  link: string,
  sender: ShopSender,
): Promise<string | undefined> {
  return mail.send({
    to: newEmail,
    subject: 'Bitte bestätigen Sie Ihre neue E-Mail-Adresse',
    text: [
      `Guten Tag ${customer.name} ${customer.lastName},`,
      '',
      'Sie möchten die E-Mail-Adresse Ihres Kundenkontos ändern. Bitte bestätigen Sie die neue Adresse mit diesem Link:',
      link,
      '',
      'Öffnen Sie den Link, während Sie in Ihrem Kundenkonto angemeldet sind. Erst dann gilt die neue Adresse; bis dahin melden Sie sich mit der bisherigen an.',
      'Der Link ist 48 Stunden gültig. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Es ändert sich nichts.',
      ...signOffWithImprint(sender),
    ].join('\n'),
    link,
  });
}

/**
 * Session 20: the notice to the previous address once the new one is confirmed, so a taken-over account does not
 * move away from its owner unnoticed.
 */
export function sendEmailChanged(
  mail: MailTransport,
  customer: Customer,
  previousEmail: string,
  sender: ShopSender,
): Promise<string | undefined> {
  return mail.send({
    to: previousEmail,
    subject: 'Die E-Mail-Adresse Ihres Kundenkontos wurde geändert',
    text: [
      `Guten Tag ${customer.name} ${customer.lastName},`,
      '',
      `die E-Mail-Adresse Ihres Kundenkontos wurde soeben in ${customer.email} geändert. Sie melden sich ab jetzt mit der neuen Adresse an; an diese Adresse schicken wir keine Nachrichten zu Ihrem Konto mehr.`,
      'Falls Sie das nicht selbst waren, schreiben Sie uns bitte sofort (unsere Kontaktdaten stehen unten im Impressum).',
      ...signOffWithImprint(sender),
    ].join('\n'),
  });
}
