import type { Customer } from '@lp/sdk/contract';
import type { MailTransport } from '../outbox/mailTransport';
import { type ShopSender, signOffWithImprint } from './signOff';

/**
 * The German password reset mail (session 16), in the voice of the confirmation mail: "Guten Tag …", the link, how
 * long it works and that only the newest mail's link does, what to do when the shopper did not ask, the shop's
 * name and its Impressum below the signature. Answers the sandbox outbox's page of the mail (demo) or undefined.
 */
export function sendPasswordReset(
  mail: MailTransport,
  customer: Customer,
  link: string,
  sender: ShopSender,
): Promise<string | undefined> {
  return mail.send({
    to: customer.email,
    subject: 'Neues Passwort für Ihr Kundenkonto',
    text: [
      `Guten Tag ${customer.name} ${customer.lastName},`,
      '',
      'Sie haben ein neues Passwort für Ihr Kundenkonto angefordert. Mit diesem Link legen Sie es fest:',
      link,
      '',
      'Der Link ist eine Stunde gültig und kann nur einmal verwendet werden. Haben Sie mehrere E-Mails erhalten, gilt nur der Link aus der neuesten.',
      'Nach dem Ändern melden Sie sich mit dem neuen Passwort an; alle bisherigen Anmeldungen werden beendet.',
      'Wenn Sie kein neues Passwort angefordert haben, ignorieren Sie diese E-Mail: Ihr bisheriges Passwort bleibt gültig.',
      ...signOffWithImprint(sender),
    ].join('\n'),
    link,
  });
}
