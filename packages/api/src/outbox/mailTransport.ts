/** A mail the shop sends: plain text, with the one link it is about (confirmation) kept apart for the outbox. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The link the mail asks the reader to open; it is also part of `text`. */
  link?: string;
}

/**
 * Where the shop's mails go (issue 13). The reference API ships the sandbox outbox (sandboxOutbox.ts), which keeps
 * mails in the database and shows them at /sandbox/outbox, and an SMTP transport (smtpTransport.ts, chosen with
 * `SMTP_URL` and `MAIL_FROM`); a shop started from code may pass any transport as `createApi({ mailTransport })`.
 *
 * @example
 * const mailTransport: MailTransport = {
 *   async send(mail) {
 *     await myMailService.send({ to: mail.to, subject: mail.subject, text: mail.text });
 *     return undefined;
 *   },
 * };
 */
export interface MailTransport {
  /**
   * Sends one mail; rejects when the mail could not be handed over. Answers the path where the mail can be read
   * in the demo (the sandbox outbox), or undefined for a real transport.
   */
  send(mail: OutgoingMail): Promise<string | undefined>;
  /** The path of the page listing every sent mail, for a transport that keeps them readable (the sandbox). */
  readonly outboxPage?: string;
}
