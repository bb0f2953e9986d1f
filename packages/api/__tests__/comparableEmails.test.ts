// Session 21 (mailcase): a data subject's rights find every order, however the address was typed. Addresses are
// kept and compared in JavaScript's lower-cased form (src/validation/comparableEmail.ts); the database's lower()
// leaves "Ü" as it is under the C locale (the PostgreSQL test cluster's, and many servers'), so an order placed as
// "MAX@MÜLLER.DE" escaped the export and the erasure of max@müller.de. PGlite in memory, or PostgreSQL with
// TEST_DATABASE_URL (the run that shows the bug: PGlite's lower() knows "Ü").
import type { Order } from '@lp/sdk/contract';
import { accountSettingsPaths, paths, withdrawalPaths } from '@lp/sdk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../src/db/Db';
import { orderConfirmations, sweepConfirmations } from '../src/mail/orderConfirmations';
import { unsentOwed } from '../src/mail/owedMails';
import type { CustomerExport } from '../src/privacy/customerExport';
import { customerCommand } from './support/customerCommand';
import { guestWithPlacedOrder, PASSWORD } from './support/privacyScenario';
import { settingsCalls } from './support/settingsCalls';
import {
  type Api,
  addBody,
  addItem,
  call,
  expectError,
  makeApi,
  makeLoggingApi,
  restartableApi,
  sandboxPayment,
  saveBody,
} from './support/testApi';
import { undoMigrationsFrom } from './support/undoMigrations';

let api: Api;
beforeAll(async () => {
  api = await makeApi({ trustProxy: true });
});
afterAll(() => api?.close());
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const exported = async (db: Db, email: string) => {
  const result = await customerCommand(db, 'export', email);
  expect(result).toEqual({ code: 0, out: expect.any(String) });
  return JSON.parse(result.out) as CustomerExport;
};

const billingEmail = async (db: Db, orderNumber: string) =>
  (
    await db.query<{ email: string }>(
      "SELECT billing_person->>'email' AS email FROM orders WHERE order_number = $1",
      [orderNumber],
    )
  )[0]?.email;

describe('an order placed as MAX@MÜLLER.DE', () => {
  it('is in the export of max@müller.de, its withdrawal matches it, and the erasure takes its address', async () => {
    const order = await guestWithPlacedOrder(api, {
      email: 'MAX@MÜLLER.DE',
      name: 'Max',
      lastName: 'Müller',
      plate: 'B-MM 11',
    });
    const withdrawn = await call(api, 'POST', withdrawalPaths.withdraw, {
      body: { name: 'Max Müller', orderNumber: order.orderNumber, email: 'Max@Müller.de' },
    });
    expect(withdrawn.status).toBe(201);
    const [withdrawal] = await api.db.query<{ matched: boolean }>(
      'SELECT order_id IS NOT NULL AS matched FROM withdrawals WHERE order_number = $1',
      [order.orderNumber],
    );
    expect(withdrawal?.matched).toBe(true);

    const document = await exported(api.db, 'max@müller.de');
    expect(document.orders.map((o) => o.orderNumber)).toEqual([order.orderNumber]);
    expect(document.withdrawals.map((w) => w.orderNumber)).toEqual([order.orderNumber]);

    expect((await customerCommand(api.db, 'delete', ' Max@Müller.DE ')).code).toBe(0);
    expect(await billingEmail(api.db, order.orderNumber)).toBe('');
    // The order stays (a sales record) without the address: no longer the person's; the withdrawal stays too.
    expect((await exported(api.db, 'max@müller.de')).orders).toEqual([]);
  });
});

describe('a guest order placed as ERIKA@ÄRGER.Example.de, then an account erika@ärger.example.de', () => {
  const { post, register, confirm } = settingsCalls(() => api);

  it('joins the account on confirmation, is in "Meine Daten herunterladen" and goes with "Konto löschen"', async () => {
    const order = await guestWithPlacedOrder(api, {
      // spec 5's local part is ASCII; umlauts live in the domain (IDN).
      email: 'ERIKA@ÄRGER.Example.de',
      name: 'Erika',
      lastName: 'Ärger',
      plate: 'B-EA 12',
    });
    const headers = await register('erika@ärger.example.de');
    await confirm('erika@ärger.example.de', headers);
    const [joined] = await api.db.query<{ customer_id: number | null }>(
      'SELECT customer_id FROM orders WHERE order_number = $1',
      [order.orderNumber],
    );
    expect(joined?.customer_id).not.toBeNull();

    const download = await post(accountSettingsPaths.exportData, { password: PASSWORD }, headers);
    expect(download.status).toBe(200);
    expect((download.body as CustomerExport).orders.map((o) => o.orderNumber)).toContain(order.orderNumber);

    const erased = await post(
      accountSettingsPaths.deleteAccount,
      { password: PASSWORD, confirm: true },
      headers,
    );
    expect(erased.status).toBe(200);
    expect(await billingEmail(api.db, order.orderNumber)).toBe('');
  });
});

describe('an address whose lower case is no address ("İ" becomes "i" + U+0307)', () => {
  const dotted = `${'y'.repeat(68)}@${'İ'.repeat(60)}.${'a'.repeat(60)}.${'b'.repeat(60)}.de`;

  it('is 400 validation at the checkout and at the withdrawal, as at the registration: nothing kept, no 500', async () => {
    expect(dotted).toHaveLength(254);
    for (const email of [dotted, 'x@İstanbul.de']) {
      const cart = await addItem(api, addBody('KZH-001'));
      const saved = await call(api, 'POST', paths.order.save, {
        body: saveBody({
          billingPerson: { email, phone: '+49 1701234567', name: 'Ayşe', lastName: 'Yılmaz' },
        }),
        cartGuid: cart.cartGuid!,
      });
      expectError(saved, 400, 'validation');
      expect((saved.body as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual([
        'billingPerson.email',
      ]);
      const withdrawn = await call(api, 'POST', withdrawalPaths.withdraw, {
        body: { name: 'Ayşe Yılmaz', orderNumber: 'LP-2026-000001', email },
      });
      expectError(withdrawn, 400, 'validation');
    }
    expect(await api.db.query("SELECT 1 FROM withdrawals WHERE name = 'Ayşe Yılmaz'")).toEqual([]);
  });
});

describe('migration 037', () => {
  it('rewrites the addresses an older release stored as typed, so the export and the erasure find them', async () => {
    const start = await restartableApi(cleanups, 'lp-037-');
    const older = await start();
    const order = await guestWithPlacedOrder(older, {
      email: 'kunde@example.de',
      name: 'Jörg',
      lastName: 'Öztürk',
      plate: 'B-JO 37',
    });
    // What an older release left: the address as typed, in the order, a withdrawal and a sandbox mail.
    await undoMigrationsFrom(older.db, 37);
    const typed = ' JOERG@ÖZTÜRK.DE ';
    await older.db.query(
      `UPDATE orders SET billing_person = jsonb_set(billing_person, '{email}', to_jsonb($2::text))
        WHERE order_number = $1`,
      [order.orderNumber, typed.trim()],
    );
    await older.db.query(
      "INSERT INTO withdrawals (name, order_number, email) VALUES ('Jörg Öztürk', $1, 'Joerg@Öztürk.de')",
      [order.orderNumber],
    );
    await older.db.query(
      `INSERT INTO outbox_mails (id, recipient, subject, body) VALUES (gen_random_uuid(), $1, 'Hallo', 'Text')`,
      [typed],
    );
    await older.close();

    const api = await start();
    expect(await billingEmail(api.db, order.orderNumber)).toBe('joerg@öztürk.de');
    const document = await exported(api.db, 'joerg@öztürk.de');
    expect(document.orders.map((o) => o.orderNumber)).toEqual([order.orderNumber]);
    expect(document.withdrawals).toHaveLength(1);
    expect(document.mails.map((m) => m.to)).toEqual(['joerg@öztürk.de']);
    expect((await customerCommand(api.db, 'delete', 'JOERG@ÖZTÜRK.DE')).code).toBe(0);
    expect(await billingEmail(api.db, order.orderNumber)).toBe('');
    expect(await api.db.query('SELECT 1 FROM outbox_mails')).toEqual([]);
  }, 60_000);
});

describe('an order paid after its account was deleted', () => {
  it('drops its confirmation mail at once with one log line, instead of 14 attempts logged as errors', async () => {
    const { api: logged, lines } = await makeLoggingApi();
    cleanups.push(() => logged.close());
    const { post, register, confirm, fresh } = settingsCalls(() => logged);
    const email = fresh('geloescht');
    const headers = await register(email);
    await confirm(email, headers);
    const cart = await addItem(logged, addBody('KZH-001'));
    const saved = await call(logged, 'POST', paths.order.save, {
      body: saveBody({
        billingPerson: { email, phone: '+49 1701234567', name: 'Erika', lastName: 'Muster' },
      }),
      cartGuid: cart.cartGuid!,
      headers,
    });
    const { orderHeaderGuid: headerGuid } = saved.body as { orderHeaderGuid: string };
    const payment = await sandboxPayment(logged, headerGuid);
    const erased = await post(
      accountSettingsPaths.deleteAccount,
      { password: PASSWORD, confirm: true },
      headers,
    );
    expect(erased.status).toBe(200);
    expect((await call(logged, 'POST', `${payment}/approve`)).status).toBe(303);
    const order = (await call(logged, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`)).body as Order;
    expect(order.billingPerson.email).toBe('');

    const confirmation = async () =>
      (
        await logged.db.query<{ attempts: number; due: boolean; sent: boolean }>(
          `SELECT c.attempts, c.next_attempt_at <= now() AS due, c.sent_at IS NOT NULL AS sent
             FROM order_confirmations c JOIN orders o ON o.id = c.order_id WHERE o.header_guid = $1`,
          [headerGuid],
        )
      )[0];
    await vi.waitFor(
      async () => expect(await confirmation()).toEqual({ attempts: 14, due: true, sent: false }),
      {
        timeout: 10_000,
      },
    );
    const about = lines.filter((line) => line.includes('order confirmation mail'));
    expect(about).toHaveLength(1);
    expect(JSON.parse(about[0]!)).toMatchObject({
      level: 40,
      msg: 'order confirmation mail dropped: its recipient was erased',
    });
    // The sweep does not take it again: the operator's list shows it given up.
    const noMail = { send: () => Promise.reject(new Error('nothing is due')) };
    expect(await sweepConfirmations(logged.db, noMail, logged.log)).toBe(0);
    expect(await unsentOwed(orderConfirmations, logged.db)).toEqual([
      { label: `order ${order.orderNumber}`, attempts: 14, state: 'given up', nextAttemptAt: null },
    ]);
  }, 60_000);
});
