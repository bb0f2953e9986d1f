// Session 22 (hostile): session 21 made one form of an e-mail address (trimmed, lower-cased by JavaScript), but not
// one Unicode form. The validator reads an address composed (NFC), orders store composed text, and everything else
// kept what was typed: "müller" typed as "u" + U+0308 (a macOS file name, a PDF, some keyboards) made an account
// beside the composed one, missed its orders in the export and the erasure, and could not log in composed. Mail
// servers reach both through the same punycode domain. PGlite in memory, or PostgreSQL with TEST_DATABASE_URL.
import { accountPaths, accountSettingsPaths, withdrawalPaths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerExport } from '../src/privacy/customerExport';
import { customerCommand } from './support/customerCommand';
import { guestWithPlacedOrder, PASSWORD } from './support/privacyScenario';
import { CONFIRM_URL, settingsCalls } from './support/settingsCalls';
import { type Api, expectError, makeApi } from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi({ trustProxy: true });
});
afterAll(() => api?.close());

const { post, register, login, tokenOf } = settingsCalls(() => api);
let counter = 0;
/** A fresh address with umlauts in its domain (spec 5's local part is ASCII), composed and decomposed. */
const umlautAddress = (what: string) => {
  const composed = `${what}.${Date.now()}.${++counter}@müller-öztürk.de`;
  return { composed, decomposed: composed.normalize('NFD') };
};

/** The mails stored for an address in either Unicode form (the sandbox outbox). */
const mailsTo = async (email: string) =>
  api.db.query<{ recipient: string; link: string | null }>(
    'SELECT recipient, link FROM outbox_mails WHERE recipient IN ($1, $2) ORDER BY created_at, id',
    [email.normalize('NFC'), email.normalize('NFD')],
  );

describe('an address typed decomposed ("u" + U+0308)', () => {
  it('is the same account as the composed one: one account, stored composed, logs in either way', async () => {
    const { composed, decomposed } = umlautAddress('zwilling');
    expect(decomposed).not.toBe(composed);
    await register(decomposed);
    const [account] = await api.db.query<{ email: string }>(
      'SELECT email FROM customers WHERE email IN ($1, $2)',
      [composed, decomposed],
    );
    expect(account?.email).toBe(composed);
    // The twin that looks the same (and reaches the same mailbox) is taken.
    const twin = await post(accountPaths.register, {
      email: composed,
      password: PASSWORD,
      name: 'Mallory',
      lastName: 'Muster',
      confirmUrl: CONFIRM_URL,
    });
    expectError(twin, 409, 'email-taken');
    expect((await login(composed, PASSWORD)).status).toBe(200);
    expect((await login(decomposed, PASSWORD)).status).toBe(200);
    expect((await mailsTo(composed)).map((m) => m.recipient)).toEqual([composed]);
  });

  it('cannot be taken by a change of address to the decomposed twin of another account', async () => {
    const victim = umlautAddress('opfer');
    await register(victim.composed);
    const mallory = umlautAddress('mallory');
    const here = await register(mallory.composed);
    const asked = await post(
      accountSettingsPaths.changeEmail,
      { email: ` ${victim.decomposed.toUpperCase()} `, password: PASSWORD, confirmUrl: CONFIRM_URL },
      here,
    );
    expectError(asked, 409, 'email-taken');
  });

  it('gets the reset mail of the account registered composed', async () => {
    const { composed, decomposed } = umlautAddress('vergessen');
    await register(composed);
    const asked = await post(accountPaths.requestPasswordReset, {
      email: decomposed,
      resetUrl: 'http://127.0.0.1:3000/account/reset',
    });
    expect(asked.status).toBe(200);
    for (let waited = 0; (await mailsTo(composed)).length < 2 && waited < 5_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const mails = await mailsTo(composed);
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.recipient === composed)).toBe(true);
  });
});

describe('a guest order typed composed, an account and a withdrawal typed decomposed', () => {
  it('joins the account, is matched by the withdrawal, exported and erased by either form', async () => {
    const { composed, decomposed } = umlautAddress('gast');
    const order = await guestWithPlacedOrder(api, {
      email: composed,
      name: 'Jürgen',
      lastName: 'Größe',
      plate: 'B-JG 22',
    });
    const headers = await register(decomposed);
    const [mail] = await mailsTo(decomposed);
    expect((await post(accountPaths.confirmEmail, { token: tokenOf(mail!.link) }, headers)).status).toBe(200);
    const [joined] = await api.db.query<{ customer_id: number | null }>(
      'SELECT customer_id FROM orders WHERE order_number = $1',
      [order.orderNumber],
    );
    expect(joined?.customer_id).not.toBeNull();

    const withdrawn = await post(withdrawalPaths.withdraw, {
      name: 'Jürgen Größe',
      orderNumber: order.orderNumber,
      email: decomposed,
    });
    expect(withdrawn.status).toBe(201);
    const [withdrawal] = await api.db.query<{ email: string; matched: boolean }>(
      'SELECT email, order_id IS NOT NULL AS matched FROM withdrawals WHERE order_number = $1',
      [order.orderNumber],
    );
    expect(withdrawal).toEqual({ email: composed, matched: true });

    const exported = await customerCommand(api.db, 'export', decomposed.toUpperCase());
    expect(exported.code).toBe(0);
    const document = JSON.parse(exported.out) as CustomerExport;
    expect(document.orders.map((o) => o.orderNumber)).toEqual([order.orderNumber]);
    expect(document.withdrawals.map((w) => w.orderNumber)).toEqual([order.orderNumber]);

    const download = await post(accountSettingsPaths.exportData, { password: PASSWORD }, headers);
    expect((download.body as CustomerExport).orders.map((o) => o.orderNumber)).toEqual([order.orderNumber]);
    const erased = await post(
      accountSettingsPaths.deleteAccount,
      { password: PASSWORD, confirm: true },
      headers,
    );
    expect(erased.status).toBe(200);
    const [kept] = await api.db.query<{ email: string }>(
      "SELECT billing_person->>'email' AS email FROM orders WHERE order_number = $1",
      [order.orderNumber],
    );
    expect(kept?.email).toBe('');
    expect(await mailsTo(composed)).toEqual([]);
  });
});

describe('other forms that look alike', () => {
  it('keeps the Kelvin sign, "ẞ" and dotless "ı" apart or together as their mailboxes are', async () => {
    const stamp = `${Date.now()}.${++counter}`;
    // U+212A KELVIN SIGN is a "K" (canonically): the same account as "k".
    await register(`\u212Aarl.${stamp}@example.de`);
    expectError(
      await post(accountPaths.register, {
        email: `karl.${stamp}@example.de`,
        password: PASSWORD,
        name: 'Karl',
        lastName: 'Muster',
        confirmUrl: CONFIRM_URL,
      }),
      409,
      'email-taken',
    );
    // "ẞ" lower-cases to "ß" (one domain, xn--strae-oqa); "ı" is a letter of its own (another domain).
    await register(`a.${stamp}@STRAẞE.de`);
    expect((await login(`a.${stamp}@straße.de`, PASSWORD)).status).toBe(200);
    await register(`b.${stamp}@ıstanbul.de`);
    expect((await login(`b.${stamp}@istanbul.de`, PASSWORD)).status).toBe(401);
    // Full-width letters are no address (the validator does not fold compatibility forms).
    const wide = await post(accountPaths.register, {
      email: `ｍａｘ.${stamp}@example.de`,
      password: PASSWORD,
      name: 'Max',
      lastName: 'Muster',
      confirmUrl: CONFIRM_URL,
    });
    expectError(wide, 400, 'validation');
  });
});
