// DSGVO art. 15 and 17 for one customer: `lp-api customer export|delete <email>` (src/privacy/). Run in-process on
// the test database (PGlite in memory, or PostgreSQL with TEST_DATABASE_URL); customerCommand.test.ts runs the
// command as the operator does, on a data folder and beside a running API.
import type { Order, SaveOrderBody } from '@lp/sdk/contract';
import { accountPaths, paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerExport } from '../src/privacy/customerExport';
import { customerCommandStreams } from './support/customerCommand';
import { customerWithHistory, guestWithPlacedOrder, login, personalRows } from './support/privacyScenario';
import { type Api, addBody, addItem, call, makeApi, saveBody } from './support/testApi';

let api: Api;
let anna: Awaited<ReturnType<typeof customerWithHistory>>;
let annaGuest: Awaited<ReturnType<typeof guestWithPlacedOrder>>;
let others: Awaited<ReturnType<typeof guestWithPlacedOrder>>[];
let forBernd: { headerGuid: string; orderNumber: string };

const ANNA = 'Anna.Schmidt@Example.de';

beforeAll(async () => {
  api = await makeApi();
  anna = await customerWithHistory(api, { email: ANNA, name: 'Anna', lastName: 'Schmidt', plate: 'B-AS 12' });
  // A guest checkout of hers, placed, from before she registered (same address, other letters).
  annaGuest = await guestWithPlacedOrder(api, {
    email: 'ANNA.SCHMIDT@example.de',
    name: 'Anna',
    lastName: 'Schmidt',
    plate: 'B-AS 77',
  });
  // An order she placed through her account for someone else, who is its billing person.
  forBernd = await placedThrough(anna.headers, {
    email: 'bernd.vogel@example.de',
    phone: '+49 1709876543',
    name: 'Bernd',
    lastName: 'Vogel',
  });
  // People whose addresses look like hers: none of their data may show up or go.
  await customerWithHistory(api, {
    email: 'anna.schmidt@example.com',
    name: 'Anne',
    lastName: 'Schmitt',
    plate: 'M-XS 45',
  });
  others = await Promise.all(
    ['xanna.schmidt@example.de', 'anna.schmidt+shop@example.de', 'anna.schmidt@example.de.co'].map(
      (email, i) =>
        guestWithPlacedOrder(api, { email, name: 'Hanna', lastName: 'Schmid', plate: `K-HS ${90 + i}` }),
    ),
  );
});
afterAll(() => api?.close());

async function placedThrough(headers: Record<string, string>, billingPerson: SaveOrderBody['billingPerson']) {
  const cart = await addItem(api, addBody('KZH-001'));
  const saved = await call(api, 'POST', paths.order.save, {
    body: saveBody({ billingPerson }),
    cartGuid: cart.cartGuid!,
    headers,
  });
  const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
  expect((await call(api, 'POST', paths.order.confirm, { body: { headerGuid } })).status).toBe(200);
  return { headerGuid, orderNumber: ((await getOrder(headerGuid)).body as Order).orderNumber };
}

/** The command with its output captured, on the test's database (which it must not close). */
const customer = (...args: string[]) => customerCommandStreams(api.db, ...args);

const getOrder = async (headerGuid: string) =>
  call(api, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`);

describe('lp-api customer export (DSGVO art. 15)', () => {
  it("prints all of the person's data, matched as the login matches, and nothing of similar addresses", async () => {
    const result = await customer('export', '  anna.SCHMIDT@example.DE ');
    expect(result).toMatchObject({ code: 0, err: '' });
    const doc = JSON.parse(result.out) as CustomerExport;
    expect(doc.email).toBe('anna.schmidt@example.de');
    expect(doc.account).toMatchObject({
      email: 'anna.schmidt@example.de',
      name: 'Anna',
      lastName: 'Schmidt',
      emailConfirmedAt: null,
      openConfirmationLinks: 1,
    });
    // Registration and the second login.
    expect(doc.account!.sessions).toHaveLength(2);
    expect(doc.orders.map((o) => [o.orderNumber, o.status, o.foundBy, o.keptOnErasure])).toEqual([
      [anna.paid.orderNumber, 'paid', 'account', true],
      [anna.draft.orderNumber, 'saved', 'billing e-mail', false],
      [annaGuest.orderNumber, 'confirmed', 'billing e-mail', true],
      [forBernd.orderNumber, 'confirmed', 'account', true],
    ]);
    const paid = doc.orders[0]!;
    expect(paid.billingPerson).toEqual({
      // Kept in the comparable form (session 21, validation/comparableEmail.ts).
      email: ANNA.toLowerCase(),
      phone: '+49 1701234567',
      name: 'Anna',
      lastName: 'Schmidt',
    });
    expect(paid.shippingAddress).toMatchObject({ street: 'Lindenallee' });
    expect(paid.orderItems[0]!.attributes.Kennzeichen).toBe('B-AS 122');
    expect(paid.payments).toEqual([
      { method: 'paypal', amount: paid.totalAmount, status: 'approved', createdAt: expect.any(String) },
    ]);
    // The attached cart, and the carts the three orders came from.
    const plates = doc.carts.map((c) => [c.linkedTo, c.lines.map((l) => l.attributes.Kennzeichen)]);
    expect(plates).toEqual([
      ['account', ['B-AS 121']],
      // Paid: the ordered line left the cart.
      ['order', []],
      ['order', ['B-AS 123']],
      ['order', ['B-AS 77']],
      ['order', [undefined]],
    ]);
    expect(doc.mails).toEqual([
      {
        to: 'anna.schmidt@example.de',
        subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
        text: expect.stringContaining('Guten Tag Anna Schmidt'),
        createdAt: expect.any(String),
      },
      {
        // The checkout's address in the comparable form the order keeps (session 21).
        to: 'anna.schmidt@example.de',
        subject: `Ihre Bestellung ${anna.paid.orderNumber} – Bestellbestätigung`,
        // The order page's link is the order's key: named, not given (checked for every guid below).
        text: expect.stringContaining('Ihre Bestellung online ansehen: [link]'),
        createdAt: expect.any(String),
      },
    ]);
    expect(doc.mails[0]!.text).toContain('[link]');
    expect(doc.notes.join(' ')).toMatch(/Client error reports .* cannot be tied to a person/);

    const text = result.out;
    // No key to the person's account, orders or carts, no password hash.
    expect(text).not.toMatch(/scrypt\$|password_?hash|token=/i);
    for (const guid of [anna.paid.headerGuid, anna.draft.headerGuid, anna.attachedCart, anna.draft.cartGuid])
      expect(text).not.toContain(guid);
    // Nobody else's data.
    for (const other of ['example.com', 'xanna', '+shop', 'example.de.co', 'Anne', 'Hanna', 'M-XS', 'K-HS'])
      expect(text).not.toContain(other);
  });

  it('answers an unknown or malformed address with a message and exit code 1', async () => {
    const unknown = await customer('export', 'niemand@example.de');
    expect(unknown).toMatchObject({ code: 1, out: '' });
    expect(unknown.err).toContain('holds no personal data for niemand@example.de');
    const malformed = await customer('export', 'anna.schmidt@');
    expect(malformed).toMatchObject({ code: 1, out: '' });
    expect(malformed.err).toContain("'anna.schmidt@' is not an e-mail address");
    expect((await customer('export')).code).toBe(2);
    expect((await customer('export', ANNA, 'zweite@example.de')).code).toBe(2);
    expect((await customer('--help')).out).toContain('Usage: lp-api customer');
  });
});

describe('lp-api customer delete (DSGVO art. 17)', () => {
  it('changes nothing for a malformed or unknown address', async () => {
    const before = await personalRows(api);
    for (const address of ['anna.schmidt@', '%@example.de', "anna'--@example.de x", 'niemand@example.de']) {
      const result = await customer('delete', address);
      expect({ address, code: result.code, out: result.out }).toEqual({ address, code: 1, out: '' });
      expect(result.err).toMatch(/is not an e-mail address|holds no personal data/);
    }
    expect(await personalRows(api)).toEqual(before);
  });

  it('erases account, sessions, carts, drafts and mails, keeps placed orders minimised, and is a no-op again', async () => {
    const othersBefore = await Promise.all(others.map((o) => getOrder(o.headerGuid)));
    const result = await customer('delete', ANNA);
    expect(result.code).toBe(0);
    expect(result.out).toContain('Erased the personal data of anna.schmidt@example.de');
    expect(result.out).toContain('account:  deleted, with 2 login session(s)');
    expect(result.out).toContain(`never placed, deleted (${anna.draft.orderNumber})`);
    expect(result.out).toContain('mails:    2 sandbox mail(s) deleted');
    expect(result.out).toMatch(/§ 147 AO and § 257 HGB/);
    expect(result.out).toContain(`${anna.paid.orderNumber}  paid`);
    expect(result.out).toContain(`${annaGuest.orderNumber}  confirmed`);
    expect(result.out).toContain(`${forBernd.orderNumber}  confirmed  `);
    expect(result.out).toContain('billing person is someone else: unchanged');

    // The account is gone: its sessions end, its password logs nobody in.
    expect((await call(api, 'GET', accountPaths.me, { headers: anna.headers })).status).toBe(401);
    expect((await login(api, ANNA)).status).toBe(401);
    // The attached cart and the draft's cart are gone; the draft order too.
    for (const cartGuid of [anna.attachedCart, anna.draft.cartGuid])
      expect((await call(api, 'GET', paths.cart.get, { cartGuid })).status).toBe(400);
    expect((await getOrder(anna.draft.headerGuid)).status).toBe(404);
    // The placed orders stay for the books: name, addresses, lines and amounts; not the e-mail, phone or account.
    for (const { headerGuid, plate, street } of [
      { headerGuid: anna.paid.headerGuid, plate: 'B-AS 122', street: 'Lindenallee' },
      { headerGuid: annaGuest.headerGuid, plate: 'B-AS 77', street: 'Ringstraße' },
    ]) {
      const kept = (await getOrder(headerGuid)).body as Order;
      expect(kept.billingPerson).toEqual({ email: '', phone: '', name: 'Anna', lastName: 'Schmidt' });
      expect(kept.customerId).toBeNull();
      expect(kept.shippingAddress).toMatchObject({ name: 'Anna', street });
      expect(kept.orderItems.map((i) => i.attributes.Kennzeichen)).toEqual([plate]);
    }
    // Her order for Bernd stays his: his contact details stay, and his own export still finds it.
    const berndsOrder = (await getOrder(forBernd.headerGuid)).body as Order;
    expect(berndsOrder).toMatchObject({
      customerId: null,
      billingPerson: { email: 'bernd.vogel@example.de', phone: '+49 1709876543' },
    });
    const bernd = await customer('export', 'bernd.vogel@example.de');
    expect((JSON.parse(bernd.out) as CustomerExport).orders.map((o) => [o.orderNumber, o.foundBy])).toEqual([
      [forBernd.orderNumber, 'billing e-mail'],
    ]);
    // The cart of the guest order is emptied (the order refers to it), not deleted.
    const [guestCart] = await api.db.query<{ user_id: number | null; lines: number }>(
      `SELECT user_id, (SELECT count(*)::int FROM cart_items i WHERE i.cart_id = c.id) AS lines
         FROM carts c WHERE guid = $1::uuid`,
      [annaGuest.cartGuid],
    );
    expect(guestCart).toEqual({ user_id: null, lines: 0 });
    const [mails] = await api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbox_mails WHERE lower(recipient) = 'anna.schmidt@example.de'",
    );
    expect(mails!.n).toBe(0);

    // Nobody else's data changed: the similar addresses' orders and the other account.
    expect((await Promise.all(others.map((o) => getOrder(o.headerGuid)))).map((o) => o.body)).toEqual(
      othersBefore.map((o) => o.body),
    );
    expect((await login(api, 'anna.schmidt@example.com')).status).toBe(200);

    // A second erasure (and a second export) finds nothing and changes nothing.
    const before = await personalRows(api);
    const again = await customer('delete', ANNA);
    expect(again).toMatchObject({ code: 1, out: '' });
    expect(again.err).toContain('holds no personal data for anna.schmidt@example.de');
    expect(await personalRows(api)).toEqual(before);
    expect((await customer('export', ANNA)).code).toBe(1);
  });
});
