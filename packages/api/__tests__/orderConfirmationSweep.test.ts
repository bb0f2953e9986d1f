// The order confirmation (§ 312f BGB) is owed from the payment's commit until it was handed to the transport
// (migration 020, mail/orderConfirmations.ts): a mail server that is down, or a process killed between the commit and
// the hand-over, delays the mail instead of losing it. Real databases (PGlite, and PostgreSQL with
// TEST_DATABASE_URL), real processes restarted on the same data; a transport that fails is the only stand-in.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { paths } from '@lp/sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createApi } from '../src/index';
import { CONFIRMATION_MAX_ATTEMPTS, sweepConfirmations } from '../src/mail/orderConfirmations';
import type { MailTransport, OutgoingMail } from '../src/outbox/mailTransport';
import type { ApiOptions } from '../src/options';
import { type Api, call, createTestDatabase, sandboxPayment, savedOrder } from './support/testApi';
import { undoMigrationsFrom } from './support/undoMigrations';

const SHOP = 'http://localhost:3000';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Storage that outlives a process (a PGlite folder or a database on the test server); each call starts an API on it. */
async function storage(): Promise<(options?: ApiOptions) => Promise<Api>> {
  const dir = mkdtempSync(join(tmpdir(), 'lp-confirmations-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const server = process.env.TEST_DATABASE_URL;
  const database = server ? await createTestDatabase(server) : undefined;
  if (database) cleanups.push(() => database.drop());
  return async (options = {}) => {
    const api = await createApi({
      ...(database ? { databaseUrl: database.url } : { dataDir: join(dir, 'pglite') }),
      rateLimit: false,
      loadShedding: false,
      uploadDir: join(dir, 'uploads'),
      ...options,
    });
    cleanups.push(() => api.close());
    return api;
  };
}

/** A transport that keeps what it was handed; `failing` makes it refuse (the mail server is down). */
function recordingTransport(delayMs = 0) {
  const sent: OutgoingMail[] = [];
  const transport = {
    sent,
    failing: false,
    async send(mail: OutgoingMail) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (transport.failing)
        throw new Error(`421 4.3.0 <${mail.to}>: service not available, try again later`);
      sent.push(mail);
      return undefined;
    },
  } satisfies MailTransport & Record<string, unknown>;
  return transport;
}

/** The logger the operator gets, its lines collected. */
function collectingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: { ...(loadConfig({}).logger as object), stream } };
}

/** A saved, confirmed order sent to the sandbox payment page; answers its guid, number and the page's path. */
async function orderAtPayment(api: Api) {
  const { headerGuid } = await savedOrder(api);
  const path = await sandboxPayment(api, headerGuid, SHOP);
  const order = (await call(api, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`)).body as {
    orderNumber: string;
  };
  return { headerGuid, orderNumber: order.orderNumber, path };
}

async function paidOrder(api: Api) {
  const order = await orderAtPayment(api);
  expect((await call(api, 'POST', `${order.path}/approve`)).status).toBe(303);
  return order;
}

/**
 * The order's confirmation record: attempts made, sent or not, and the next attempt: `due`, `paused` after a
 * failure (a few minutes), or `claimed` (an attempt under way: a quarter of an hour).
 */
async function record(api: Api, headerGuid: string) {
  const [row] = await api.db.query<{ attempts: number; sent: boolean; next: 'due' | 'paused' | 'claimed' }>(
    `SELECT c.attempts, c.sent_at IS NOT NULL AS sent,
            CASE WHEN c.next_attempt_at <= now() THEN 'due'
                 WHEN c.next_attempt_at <= now() + interval '5 minutes' THEN 'paused' ELSE 'claimed' END AS next
       FROM order_confirmations c JOIN orders o ON o.id = c.order_id WHERE o.header_guid = $1::uuid`,
    [headerGuid],
  );
  return row;
}

/** Time passes: every owed confirmation's next attempt is due now. */
const timePasses = (api: Api) =>
  api.db.query('UPDATE order_confirmations SET next_attempt_at = now() WHERE sent_at IS NULL');

const mailsOf = (sent: OutgoingMail[], orderNumber: string) =>
  sent.filter((m) => m.subject.includes(orderNumber));

describe('the order confirmation is sent later when it could not be handed over', () => {
  it('a mail server down at payment time: the failure is logged, the sweep sends it once its pause is over', async () => {
    const start = await storage();
    const transport = recordingTransport();
    const { lines, logger } = collectingLogger();
    const api = await start({ mailTransport: transport, logger });
    transport.failing = true;
    const { headerGuid, orderNumber } = await paidOrder(api);
    await expect.poll(() => lines.join('')).toContain('order confirmation mail not sent');
    const line = lines.find((l) => l.includes('order confirmation mail not sent'))!;
    expect(JSON.parse(line)).toMatchObject({ orderNumber, attempt: 1, retryInMinutes: 1 });
    expect(line).not.toContain('erika@example.de');
    expect(line).not.toContain(headerGuid);
    await expect.poll(() => record(api, headerGuid)).toEqual({ attempts: 1, sent: false, next: 'paused' });

    // The server is back; before the pause is over the sweep leaves the mail alone.
    transport.failing = false;
    expect(await sweepConfirmations(api.db, transport, api.log)).toBe(0);
    await timePasses(api);
    expect(await sweepConfirmations(api.db, transport, api.log)).toBe(1);
    const [mail, ...more] = mailsOf(transport.sent, orderNumber);
    expect(more).toEqual([]);
    expect(mail!.to).toBe('erika@example.de');
    expect(mail!.text).toContain(`${SHOP}/thank-you/${headerGuid}`);
    expect(await record(api, headerGuid)).toMatchObject({ attempts: 2, sent: true });
    await timePasses(api);
    expect(await sweepConfirmations(api.db, transport, api.log)).toBe(0);
    expect(transport.sent).toHaveLength(1);
  });

  it('a process killed between the commit and the hand-over: the next process sends it when it starts', async () => {
    const start = await storage();
    // The first process never gets the mail out (killed while handing it over).
    const sent: OutgoingMail[] = [];
    const first = await start({
      mailTransport: {
        send: (mail) => {
          sent.push(mail);
          return new Promise(() => undefined);
        },
      },
    });
    const { headerGuid, orderNumber } = await paidOrder(first);
    await expect.poll(() => sent.length).toBe(1);
    expect(await record(first, headerGuid)).toEqual({ attempts: 1, sent: false, next: 'claimed' });
    // Its claim runs out (15 minutes); meanwhile the process is gone.
    await timePasses(first);
    await first.close();

    // The next process (the sandbox outbox, the default transport) sends it from its first sweep.
    const next = await start();
    await next.ready();
    const subjects = () =>
      next.db.query<{ recipient: string }>('SELECT recipient FROM outbox_mails WHERE subject LIKE $1', [
        `%${orderNumber}%`,
      ]);
    await expect.poll(subjects, { timeout: 10_000 }).toEqual([{ recipient: 'erika@example.de' }]);
    await expect.poll(() => record(next, headerGuid)).toMatchObject({ attempts: 2, sent: true });
  }, 60_000);

  it('two sweeps at the same moment send each owed mail once', async () => {
    const start = await storage();
    const transport = recordingTransport(150);
    const api = await start({ mailTransport: transport });
    transport.failing = true;
    const orders = [await paidOrder(api), await paidOrder(api), await paidOrder(api)];
    for (const { headerGuid } of orders)
      await expect.poll(() => record(api, headerGuid)).toMatchObject({ attempts: 1, next: 'paused' });
    transport.failing = false;
    await timePasses(api);

    const tried = await Promise.all([
      sweepConfirmations(api.db, transport, api.log),
      sweepConfirmations(api.db, transport, api.log),
    ]);
    expect(tried[0]! + tried[1]!).toBe(3);
    for (const { orderNumber, headerGuid } of orders) {
      expect(mailsOf(transport.sent, orderNumber)).toHaveLength(1);
      expect(await record(api, headerGuid)).toMatchObject({ attempts: 2, sent: true });
    }
    expect(transport.sent).toHaveLength(3);
  });

  it(`a mail that keeps failing is given up after ${CONFIRMATION_MAX_ATTEMPTS} attempts`, async () => {
    const start = await storage();
    const transport = recordingTransport();
    const { lines, logger } = collectingLogger();
    const api = await start({ mailTransport: transport, logger });
    transport.failing = true;
    const { headerGuid, orderNumber } = await paidOrder(api);
    await expect.poll(() => record(api, headerGuid)).toMatchObject({ attempts: 1, next: 'paused' });
    await api.db.query('UPDATE order_confirmations SET attempts = $1', [CONFIRMATION_MAX_ATTEMPTS - 1]);
    await timePasses(api);
    expect(await sweepConfirmations(api.db, transport, api.log)).toBe(1);
    const last = lines.find((l) => l.includes('given up'));
    expect(JSON.parse(last!)).toMatchObject({ orderNumber, attempt: CONFIRMATION_MAX_ATTEMPTS });
    await timePasses(api);
    transport.failing = false;
    expect(await sweepConfirmations(api.db, transport, api.log)).toBe(0);
    expect(transport.sent).toEqual([]);
  });
});

describe('what the sweep never mails', () => {
  it('orders paid before the upgrade to migration 20', async () => {
    const start = await storage();
    const before = recordingTransport();
    let api = await start({ mailTransport: before });
    const old = await paidOrder(api);
    await expect.poll(() => before.sent.length).toBe(1);
    // The database as the previous release left it: paid orders, no record of their mails (and none of the later
    // migrations, which postgrator would otherwise take for the newer ones and skip 020).
    await undoMigrationsFrom(api.db, 20);
    await api.close();

    const after = recordingTransport();
    api = await start({ mailTransport: after });
    await api.ready();
    await timePasses(api);
    expect(await sweepConfirmations(api.db, after, api.log)).toBe(0);
    expect(await record(api, old.headerGuid)).toBeUndefined();
    // Orders paid from now on are confirmed as before.
    const fresh = await paidOrder(api);
    await expect.poll(() => record(api, fresh.headerGuid)).toMatchObject({ attempts: 1, sent: true });
    expect(after.sent.map((m) => m.subject)).toEqual([expect.stringContaining(fresh.orderNumber)]);
  }, 60_000);

  it('orders not paid: a draft, one waiting for its payment, one whose payment was cancelled', async () => {
    const start = await storage();
    const transport = recordingTransport();
    const api = await start({ mailTransport: transport });
    const draft = await savedOrder(api);
    const pending = await orderAtPayment(api);
    const cancelled = await orderAtPayment(api);
    expect((await call(api, 'POST', `${cancelled.path}/cancel`)).status).toBe(303);
    await timePasses(api);
    expect(await sweepConfirmations(api.db, transport, api.log)).toBe(0);
    for (const { headerGuid } of [draft, pending, cancelled])
      expect(await record(api, headerGuid)).toBeUndefined();
    expect(transport.sent).toEqual([]);
  });
});
