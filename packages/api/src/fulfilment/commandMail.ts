import type { FastifyBaseLogger } from 'fastify';
import type { CliOutput } from '../cliOutput';
import { loadConfig } from '../config';
import type { MailTransport } from '../outbox/mailTransport';

/** An operator command's environment (process.env). */
export type Env = Record<string, string | undefined>;

/** What `lp-api orders ship` and `refund` say of a mail the mail server refused (the API's sweep retries it). */
export const NOT_SENT_YET =
  'NOT sent yet: the mail server refused it. The running API retries it (1, 2, 4, … minutes apart); with PGlite once the API is started again.';

/**
 * The mail transport of a command that mails the shopper: the one given (tests), else SMTP_URL's as the API's, else
 * undefined (the database's sandbox outbox, chosen once it is open). `null` when the mail settings are unusable:
 * said on stderr, and nothing is changed.
 */
export function commandMail(
  given: MailTransport | undefined,
  env: Env,
  output: CliOutput,
): MailTransport | undefined | null {
  if (given) return given;
  try {
    return loadConfig(env).mailTransport;
  } catch (error) {
    output.err(`The mail settings are not usable, nothing changed: ${(error as Error).message}`);
    return null;
  }
}

/** The command's log for the mail's own attempt: a refused hand-over is one line on stderr, never the address. */
export function stderrLog(output: CliOutput): FastifyBaseLogger {
  const log = {
    error: (obj: { error?: { message?: string } }, message: string) =>
      output.err(`${message}: ${obj.error?.message ?? 'unknown error'}`),
  };
  return log as unknown as FastifyBaseLogger;
}
