import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/Db';
import type { MailTransport, OutgoingMail } from './mailTransport';

/** A mail as the sandbox outbox keeps it. */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  link: string | null;
  createdAt: string;
}

interface MailRow extends Record<string, unknown> {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  link: string | null;
  created_at: Date | string;
}

const view = (row: MailRow): OutboxMail => ({
  id: row.id,
  to: row.recipient,
  subject: row.subject,
  text: row.body,
  link: row.link,
  createdAt: new Date(row.created_at).toISOString(),
});

/** The newest mails the outbox lists; older ones stay readable by id. */
export const OUTBOX_LIST_LIMIT = 50;

/**
 * The sandbox mail transport (issue 13), the mail counterpart of the sandbox payment provider: nothing leaves the
 * machine; mails land in the outbox_mails table (shared by every API process) and are read at /sandbox/outbox.
 */
export function sandboxOutbox(db: Queryable): MailTransport & {
  list(): Promise<OutboxMail[]>;
  get(id: string): Promise<OutboxMail | undefined>;
} {
  return {
    outboxPage: '/sandbox/outbox',
    async send(mail: OutgoingMail) {
      const id = randomUUID();
      await db.query(
        'INSERT INTO outbox_mails (id, recipient, subject, body, link) VALUES ($1::uuid, $2, $3, $4, $5)',
        [id, mail.to, mail.subject, mail.text, mail.link ?? null],
      );
      return `/sandbox/outbox/${id}`;
    },
    async list() {
      const rows = await db.query<MailRow>(
        `SELECT id::text AS id, recipient, subject, body, link, created_at FROM outbox_mails
          ORDER BY created_at DESC, id LIMIT ${OUTBOX_LIST_LIMIT}`,
      );
      return rows.map(view);
    },
    async get(id: string) {
      const [row] = await db.query<MailRow>(
        'SELECT id::text AS id, recipient, subject, body, link, created_at FROM outbox_mails WHERE id = $1::uuid',
        [id],
      );
      return row && view(row);
    },
  };
}
