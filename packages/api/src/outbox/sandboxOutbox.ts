import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/Db';
import { retentionSweep } from '../limits/retention';
import type { MailTransport, OutgoingMail } from './mailTransport';
import { comparableEmail } from '../validation/comparableEmail';

/** A mail as the sandbox outbox keeps it. */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  link: string | null;
  createdAt: string;
}

/** A mail of the sandbox outbox as stored (also what `lp-api customer export` lists). */
export interface OutboxMailRow extends Record<string, unknown> {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  link: string | null;
  created_at: Date | string;
}

const view = (row: OutboxMailRow): OutboxMail => ({
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
 * Mails are deleted after this many days: the confirmation link they carry is valid 48 hours
 * (`CONFIRMATION_TTL_MS`), after that a mail is only a name and an address kept for nothing.
 */
export const OUTBOX_RETENTION_DAYS = 2;
const LIVE = `created_at >= now() - make_interval(days => ${OUTBOX_RETENTION_DAYS})`;

/**
 * The sandbox mail transport (issue 13), the mail counterpart of the sandbox payment provider: nothing leaves the
 * machine; mails land in the outbox_mails table (shared by every API process) and are read at /sandbox/outbox.
 * The process that stores a mail deletes those older than {@link OUTBOX_RETENTION_DAYS}; until a write sweeps them,
 * expired mails are already hidden from the pages.
 */
export function sandboxOutbox(db: Queryable): MailTransport & {
  list(): Promise<OutboxMail[]>;
  get(id: string): Promise<OutboxMail | undefined>;
} {
  const sweep = retentionSweep(db, 'outbox_mails', OUTBOX_RETENTION_DAYS);
  return {
    outboxPage: '/sandbox/outbox',
    async send(mail: OutgoingMail) {
      await sweep();
      const id = randomUUID();
      await db.query(
        'INSERT INTO outbox_mails (id, recipient, subject, body, link) VALUES ($1::uuid, $2, $3, $4, $5)',
        // The comparable form: the export and the erasure of an address find its mails by `recipient = $1`.
        [id, comparableEmail(mail.to), mail.subject, mail.text, mail.link ?? null],
      );
      return `/sandbox/outbox/${id}`;
    },
    async list() {
      const rows = await db.query<OutboxMailRow>(
        `SELECT id::text AS id, recipient, subject, body, link, created_at FROM outbox_mails WHERE ${LIVE}
          ORDER BY created_at DESC, id LIMIT ${OUTBOX_LIST_LIMIT}`,
      );
      return rows.map(view);
    },
    async get(id: string) {
      const [row] = await db.query<OutboxMailRow>(
        `SELECT id::text AS id, recipient, subject, body, link, created_at FROM outbox_mails WHERE id = $1::uuid AND ${LIVE}`,
        [id],
      );
      return row && view(row);
    },
  };
}
