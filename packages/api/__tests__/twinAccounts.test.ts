// Session 22 (twin): migration 038 composed every stored address but left a twin, an account registered decomposed
// ("u" + U+0308) whose composed form another account holds, as it was. The twin cannot log in, so its owner reaches
// it only through the operator, and `lp-api customer export|delete` found only the composed account: typed either
// way, the second erasure said "The shop holds no personal data … Nothing changed." while the twin's name and
// password hash stayed (DSGVO art. 15/17). The operator's commands now take every account of the address's comparable
// form; an account's own download and deletion stay its own (hostileSession21Upgrade.test.ts). PGlite in memory, or
// PostgreSQL with TEST_DATABASE_URL.
import { accountPaths, paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashNewPassword } from '../src/account/password';
import { sessionStore } from '../src/account/sessionStore';
import { type CustomerExport, exportCustomer } from '../src/privacy/customerExport';
import { eraseAccount } from '../src/privacy/eraseCustomer';
import { customerCommand } from './support/customerCommand';
import { PASSWORD, sessionHeaders } from './support/privacyScenario';
import { type Api, addBody, addItem, call, makeApi, saveBody } from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api?.close());

let counter = 0;
/** A fresh address with an umlaut, composed and decomposed. */
const twinAddress = () => {
  const composed = `anna.${Date.now()}.${++counter}@müller.de`;
  return { composed, decomposed: composed.normalize('NFD') };
};

/** An account row as migration 038 leaves it (registration's columns, the address as stored), answering its id. */
async function account(email: string, name: string): Promise<number> {
  const [row] = await api.db.query<{ id: number }>(
    `INSERT INTO customers (email, password_hash, name, last_name, customer_company_id, customer_company_group_role_id,
       email_confirmed_at)
     VALUES ($1, $2, $3, 'Müller', nextval('customer_companies_seq'), 3001, now()) RETURNING id`,
    [email, await hashNewPassword(PASSWORD), name],
  );
  return row!.id;
}

/**
 * Anna's composed account and Bernd's decomposed twin with what a session before the upgrade left: a login session,
 * a cart attached to the twin, and a checkout the twin saved (never placed) billed to the address.
 */
async function twins() {
  const { composed, decomposed } = twinAddress();
  const anna = await account(composed, 'Anna');
  const bernd = await account(decomposed, 'Bernd');
  const token = await sessionStore(api.db).create(bernd);
  const headers = sessionHeaders({ headers: { 'set-cookie': `lp_session=${token}` } });
  const cart = await addItem(api, addBody('KZH-001'));
  expect(
    (await call(api, 'POST', paths.cart.attachToUser, { cartGuid: cart.cartGuid!, headers })).status,
  ).toBe(200);
  const saved = await call(api, 'POST', paths.order.save, {
    body: saveBody({
      billingPerson: { email: composed, phone: '+49 1701234567', name: 'Bernd', lastName: 'Müller' },
    }),
    cartGuid: cart.cartGuid!,
    headers,
  });
  expect(saved.status).toBe(200);
  return { composed, decomposed, anna, bernd, cartGuid: cart.cartGuid! };
}

/** The command with its output captured, on the test's database. */
const customer = (...args: string[]) => customerCommand(api.db, ...args);

const accountsLeft = async (...ids: number[]) =>
  (
    await api.db.query<{ name: string }>('SELECT name FROM customers WHERE id = ANY($1::int[]) ORDER BY id', [
      ids,
    ])
  ).map((row) => row.name);

describe("the operator's commands and a twin account left by migration 038", () => {
  it('export the twin with its session, cart and checkout, typed composed or decomposed', async () => {
    const { composed, decomposed, bernd } = await twins();
    for (const typed of [composed, decomposed]) {
      const { code, out } = await customer('export', typed);
      expect(code).toBe(0);
      const doc = JSON.parse(out) as CustomerExport;
      expect(doc.account?.name).toBe('Anna');
      expect(doc.twinAccounts?.map((t) => [t.id, t.name, t.email, t.sessions.length])).toEqual([
        [bernd, 'Bernd', decomposed, 1],
      ]);
      expect(doc.carts.map((c) => c.linkedTo)).toEqual(['twin account']);
      expect(doc.orders.map((o) => [o.foundBy, o.billingPerson.name])).toEqual([['twin account', 'Bernd']]);
      expect(doc.contactInOtherAccountsOrders).toEqual([]);
    }
    // Anna's own download ("Meine Daten herunterladen" reads the stored address without twins) stays hers.
    const own = await exportCustomer(api.db, composed);
    expect(own && 'twinAccounts' in own).toBe(false);
    expect(own?.carts).toEqual([]);
  });

  it('delete the twin with the composed account and say so; a second run finds nothing', async () => {
    const { decomposed, anna, bernd, cartGuid } = await twins();
    const erased = await customer('delete', decomposed);
    expect(erased.code).toBe(0);
    expect(erased.out).toContain(
      `twin:     account id ${bernd}, the same address stored in another Unicode form: deleted, with 1 login session(s)`,
    );
    expect(erased.out).toMatch(/orders: {3}1 never placed, deleted/);
    expect(erased.out).not.toContain("Other accounts' orders");
    expect(await accountsLeft(anna, bernd)).toEqual([]);
    expect(await api.db.query('SELECT 1 FROM sessions WHERE customer_id = $1', [bernd])).toEqual([]);
    expect((await call(api, 'GET', paths.cart.get, { cartGuid })).status).not.toBe(200);
    const again = await customer('delete', decomposed);
    expect(again).toMatchObject({ code: 1, out: expect.stringContaining('holds no personal data') });
  });

  it('reach the twin alone once the composed account deleted itself, never saying nothing is held', async () => {
    const { composed, anna, bernd } = await twins();
    expect(await eraseAccount(api.db, anna)).not.toBeNull();
    expect(await accountsLeft(anna, bernd)).toEqual(['Bernd']);
    const exported = await customer('export', composed);
    expect(exported.code).toBe(0);
    const doc = JSON.parse(exported.out) as CustomerExport;
    expect([doc.account, doc.twinAccounts?.map((t) => t.name)]).toEqual([null, ['Bernd']]);
    const erased = await customer('delete', composed);
    expect(erased.code).toBe(0);
    expect(erased.out).toContain('account:  none');
    expect(erased.out).toContain(`twin:     account id ${bernd}`);
    expect(await accountsLeft(bernd)).toEqual([]);
  });

  it('never takes a look-alike that is another mailbox', async () => {
    const { composed } = twinAddress();
    // "ü" as "u" + U+0308 is the same letter; "u" alone and "ue" are other mailboxes.
    const others = [composed.replace('ü', 'u'), composed.replace('ü', 'ue'), composed.replace('ü', 'ú')];
    const ids = [
      await account(composed, 'Anna'),
      ...(await Promise.all(others.map((e) => account(e, 'Other')))),
    ];
    const erased = await customer('delete', composed);
    expect(erased.code).toBe(0);
    expect(erased.out).not.toContain('twin:');
    expect(await accountsLeft(...ids)).toEqual(['Other', 'Other', 'Other']);
    expect(
      (await call(api, 'POST', accountPaths.login, { body: { email: others[2], password: PASSWORD } }))
        .status,
    ).toBe(200);
  });
});
