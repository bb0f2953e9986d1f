// Session 17, § 356a BGB: a withdrawal's receipt the mail server refused is sent again by the sweep of owed mails,
// once, and the operator sees what is still owed. (Split from withdrawals.test.ts in session 22.)
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../src/db/Db';
import { CONFIRMATION_MAX_ATTEMPTS } from '../src/mail/orderConfirmations';
import { sweepReceipts } from '../src/mail/withdrawalReceipts';
import { runWithdrawalCli } from '../src/withdrawals/withdrawalCli';
import { RECEIPTS_PER_ADDRESS_A_DAY } from '../src/withdrawals/withdrawalRoutes';
import { mailsFor } from './support/outboxMail';
import { restartableApi } from './support/testApi';
import { withdrawalWorld } from './support/withdrawalWorld';

const { api, order, mailServer, sent, transport, rows, withdraw, valid } = await withdrawalWorld();

// Session 17: the mail server is down for 20 minutes and three customers withdraw. The declarations stand at once;
// each receipt goes out once the server is back, exactly once, by the sweep that also sends the order
// confirmations (mail/owedMails.ts); the operator's list tells what is still unsent.
describe('a receipt the mail server refused is sent again (§ 356a BGB: without delay)', () => {
  /** The pause after a failure is over (what the clock would do in a minute). */
  const pauseOver = () =>
    api.db.query(
      `UPDATE withdrawals SET receipt_next_attempt_at = now() - interval '1 second'
        WHERE confirmation_sent_at IS NULL AND receipt_next_attempt_at IS NOT NULL`,
    );
  const sweep = () => sweepReceipts(api.db, transport, api.log);
  const customers = ['anna@example.de', 'bernd@example.de', 'carla@example.de'];
  const cli = async (args: string[] = []) => {
    const out: string[] = [];
    const output = { out: (text: string) => out.push(text), err: (text: string) => out.push(text) };
    const open = async () => ({ ...api.db, close: async () => undefined }) as unknown as Db;
    expect(await runWithdrawalCli(args, { output, open })).toBe(0);
    return out.join('\n');
  };

  it('sends each receipt once when the server is back, and the operator sees what is still owed', async () => {
    mailServer.down = true;
    for (const email of customers) {
      const res = await withdraw({ ...valid(), email });
      expect(res.body).toMatchObject({ confirmationMailed: false });
    }
    expect(sent).toHaveLength(0);
    // Still down at the next attempts; the pause grows (1, 2 minutes) and nothing is mailed twice meanwhile.
    expect(await sweep()).toBe(0);
    await pauseOver();
    expect(await sweep()).toBe(3);
    expect(sent).toHaveLength(0);
    const owed = await cli();
    expect(owed.match(/receipt mail: not sent yet, retried automatically \(2 attempts so far/g)).toHaveLength(
      3,
    );
    const [listed] = JSON.parse(await cli(['--json'])) as Array<Record<string, unknown>>;
    expect(listed).toMatchObject({ receiptMailed: false, receipt: 'retrying', receiptAttempts: 2 });

    // The server is back: two processes sweep at once; every customer gets one receipt.
    mailServer.down = false;
    await pauseOver();
    const tried = await Promise.all([sweep(), sweep()]);
    expect(tried[0]! + tried[1]!).toBe(3);
    expect(sent.map((mail) => mail.to).sort()).toEqual(customers);
    for (const mail of sent)
      expect(mail.subject).toBe(`Eingangsbestätigung Ihres Widerrufs (Bestellnummer ${order.orderNumber})`);
    expect((await rows()).every((row) => row.confirmation_sent_at !== null)).toBe(true);
    await pauseOver();
    expect(await sweep()).toBe(0);
    expect(sent).toHaveLength(3);
    expect((await cli()).match(/receipt mail: sent/g)).toHaveLength(3);
  });

  it('a process killed during the hand-over: the next API process sends the receipt when it starts', async () => {
    const cleanups: (() => Promise<void> | void)[] = [];
    try {
      const start = await restartableApi(cleanups, 'lp-receipts-');
      const first = await start();
      await withdraw({ ...valid(), orderNumber: 'LP-RESTART-1' }, first);
      // As if the process had died during the request's hand-over, and the claim of that attempt (15 minutes) has run
      // out since.
      await first.db.query(
        `UPDATE withdrawals SET confirmation_sent_at = NULL,
                receipt_next_attempt_at = receipt_next_attempt_at - interval '16 minutes'`,
      );
      await first.close();
      const second = await start();
      await vi.waitFor(async () => expect(await mailsFor(second, 'LP-RESTART-1')).toHaveLength(2), {
        timeout: 10_000,
      });
      const [row] = await second.db.query<{ sent: boolean; attempts: number }>(
        'SELECT confirmation_sent_at IS NOT NULL AS sent, receipt_attempts AS attempts FROM withdrawals',
      );
      expect(row).toEqual({ sent: true, attempts: 2 });
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  });

  it('gives up after CONFIRMATION_MAX_ATTEMPTS and says so; a receipt held by the daily cap is never swept', async () => {
    mailServer.down = true;
    await withdraw(valid());
    for (let attempt = 2; attempt <= CONFIRMATION_MAX_ATTEMPTS; attempt++) {
      await pauseOver();
      expect(await sweep()).toBe(1);
    }
    await pauseOver();
    expect(await sweep()).toBe(0);
    expect(await cli()).toContain(
      `receipt mail: NOT sent, given up after ${CONFIRMATION_MAX_ATTEMPTS} attempts: lp-api mails retry once the mail server works`,
    );

    mailServer.down = false;
    await api.db.query('DELETE FROM withdrawals');
    for (let i = 0; i <= RECEIPTS_PER_ADDRESS_A_DAY; i++) await withdraw(valid());
    expect(sent).toHaveLength(RECEIPTS_PER_ADDRESS_A_DAY);
    await pauseOver();
    expect(await sweep()).toBe(0);
    expect(sent).toHaveLength(RECEIPTS_PER_ADDRESS_A_DAY);
    expect(await cli()).toContain('receipt mail: NOT sent, not retried: send the receipt by hand');
  });
});
