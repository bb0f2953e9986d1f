import nodemailer from 'nodemailer';
import type { MailTransport } from './mailTransport';

/**
 * The shop's mails sent through an SMTP server (nodemailer), for `lp-api` and `pnpm start` in production: set
 * `SMTP_URL` (`smtp://user:password@host:587`, `smtps://…:465`) and `MAIL_FROM` (config.ts). Without it the mails go
 * to the sandbox outbox, whose page anyone can read: fine for the demo, never with real customers.
 *
 * @example
 * createApi({ mailTransport: smtpTransport('smtp://shop:secret@smtp.example.de:587', 'shop@example.de') });
 */
export function smtpTransport(url: string, from: string): MailTransport {
  const smtp = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await smtp.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      return undefined;
    },
  };
}
