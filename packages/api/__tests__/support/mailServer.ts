import type { MailTransport, OutgoingMail } from '../../src/outbox/mailTransport';

/**
 * The shop's mail server as the mail tests see it: what it accepted, in order, and a switch that makes it refuse the
 * way a server that is down does (connection refused). The only stand-in of the tests that use it.
 */
export function standInMailServer() {
  const server = {
    sent: [] as OutgoingMail[],
    down: false,
    transport: {
      async send(mail: OutgoingMail) {
        if (server.down) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        server.sent.push(mail);
        return undefined;
      },
    } satisfies MailTransport,
  };
  return server;
}
