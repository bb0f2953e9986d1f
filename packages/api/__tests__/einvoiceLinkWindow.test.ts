// Session 26 (decisions.md "The e-invoice links …, einvoicelink"): an order's XRechnung and credit notes name its
// whole buyer. The mails link them with the order's document token (migration 047), which answers always; the
// order's guid, kept in a shared computer's history, opens them only while the order page still names the buyer.
import { orderEInvoicePath, paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refundOrder } from '../src/fulfilment/refunds';
import { buildRefundMail } from '../src/mail/refundMail';
import { PERSONAL_BY_LINK_HOURS } from '../src/orders/personalWindow';
import { mailsFor } from './support/outboxMail';
import { hoursPass, otherCustomerSession } from './support/personalWindowClock';
import {
  type Api,
  addBody,
  addItem,
  address,
  call,
  expectError,
  loginDemo,
  makeApi,
  restartableApi,
  sandboxPayment,
} from './support/testApi';
import { undoMigrationsFrom } from './support/undoMigrations';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  await api.close();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const BUYER_WORDS = ['Musterbau GmbH', 'anna@example.de', 'Mustermann', 'Hauptstraße'];

/** A paid order of one plate by a company ("Musterbau GmbH"); answers its number, guid and document token. */
async function paidCompanyOrder(target: Api, headers: Record<string, string> = {}) {
  const cart = await addItem(target, addBody('KZH-001', 1));
  const saved = await call(target, 'POST', paths.order.save, {
    body: {
      billingPerson: { email: 'anna@example.de', phone: '+49 1701234567', name: 'Anna', lastName: 'Albers' },
      shippingAddress: address,
      billingAddress: { ...address, company: 'Musterbau GmbH' },
      paymentMethod: 'paypal',
    },
    cartGuid: cart.cartGuid!,
    headers,
  });
  expect(saved.status).toBe(200);
  const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
  const payment = await sandboxPayment(target, headerGuid);
  expect((await call(target, 'POST', `${payment}/approve`)).status).toBe(303);
  const [row] = await target.db.query<{ order_number: string; document_token: string }>(
    'SELECT order_number, document_token::text AS document_token FROM orders WHERE header_guid = $1::uuid',
    [headerGuid],
  );
  return { headerGuid, orderNumber: row!.order_number, token: row!.document_token };
}

const xrechnung = (target: Api, orderNumber: string, query: string, headers = {}, creditNote?: string) =>
  call(target, 'GET', `${orderEInvoicePath(orderNumber, creditNote)}${query}`, { headers });

function expectBuyerNamed(res: Awaited<ReturnType<typeof call>>) {
  expect(res.status, String(res.body).slice(0, 200)).toBe(200);
  for (const word of BUYER_WORDS) expect(String(res.body)).toContain(word);
}

describe('the e-invoice by the order guid', () => {
  it(`answers for ${PERSONAL_BY_LINK_HOURS} hours after the payment, then the 404 of an unknown order`, async () => {
    const o = await paidCompanyOrder(api);
    expectBuyerNamed(await xrechnung(api, o.orderNumber, `?headerGuid=${o.headerGuid}`));
    await hoursPass(api, o.headerGuid, PERSONAL_BY_LINK_HOURS - 1);
    expectBuyerNamed(await xrechnung(api, o.orderNumber, `?headerGuid=${o.headerGuid}`));
    await hoursPass(api, o.headerGuid, 2);
    const late = await xrechnung(api, o.orderNumber, `?headerGuid=${o.headerGuid}`);
    expectError(late, 404, 'not-found');
    expect(JSON.stringify(late.body)).toBe(
      JSON.stringify((await xrechnung(api, 'LP-1999-000001', `?headerGuid=${o.headerGuid}`)).body),
    );
    expectError(
      await xrechnung(api, o.orderNumber, `?headerGuid=${o.headerGuid.toUpperCase()}`),
      404,
      'not-found',
    );
  });

  it('a credit note the same: by the guid only inside the window, by the token always', async () => {
    const o = await paidCompanyOrder(api);
    expect((await refundOrder(api.db, { orderNumber: o.orderNumber, again: false })).kind).toBe('refunded');
    const [refund] = await api.db.query<{ id: number; credit_note_number: string }>(
      'SELECT r.id, r.credit_note_number FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.order_number = $1',
      [o.orderNumber],
    );
    const number = refund!.credit_note_number;
    expectBuyerNamed(await xrechnung(api, o.orderNumber, `?headerGuid=${o.headerGuid}`, {}, number));
    await hoursPass(api, o.headerGuid, PERSONAL_BY_LINK_HOURS + 1);
    expectError(
      await xrechnung(api, o.orderNumber, `?headerGuid=${o.headerGuid}`, {}, number),
      404,
      'not-found',
    );
    // The refund mail links it with the token, never the guid; the link answers after the window.
    const text = (await buildRefundMail(api.db, refund!.id)).text;
    expect(text).toContain(`${orderEInvoicePath(o.orderNumber, number)}?token=${o.token}`);
    expect(text).not.toContain(o.headerGuid);
    expectBuyerNamed(await xrechnung(api, o.orderNumber, `?token=${o.token}`, {}, number));
  });
});

describe('the token the mails link with', () => {
  it("is the order's own, not its guid, and the confirmation mail's link answers after the window", async () => {
    const o = await paidCompanyOrder(api);
    expect(o.token).not.toBe(o.headerGuid);
    const text = await vi.waitFor(
      async () => {
        const [mail] = await mailsFor(api, o.orderNumber);
        if (!mail) throw new Error('no mail yet');
        return mail.text;
      },
      { timeout: 10_000, interval: 100 },
    );
    const link = /E-Rechnung \(XRechnung\): (\S+)/.exec(text)?.[1];
    expect(link).toMatch(/^http:\/\/[^/]+\/api\//);
    expect(link).toContain(`${orderEInvoicePath(o.orderNumber)}?token=${o.token}`);
    expect(link).not.toContain(o.headerGuid);
    await hoursPass(api, o.headerGuid, 30 * 24);
    expectBuyerNamed(await call(api, 'GET', new URL(link!).pathname + new URL(link!).search));
    expectBuyerNamed(await xrechnung(api, o.orderNumber, `?token=${o.token.toUpperCase()}`));
    // The order answer by the guid never carries the token.
    expect(
      JSON.stringify((await call(api, 'GET', `${paths.order.get}?headerGuid=${o.headerGuid}`)).body),
    ).not.toContain(o.token);
  });

  it("wrong, another order's and hostile token values are the 404 of an unknown order, never a 500", async () => {
    const o = await paidCompanyOrder(api);
    const other = await paidCompanyOrder(api);
    await hoursPass(api, o.headerGuid, PERSONAL_BY_LINK_HOURS + 1);
    for (const query of [
      `?token=${other.token}`,
      `?token=${o.headerGuid}`,
      '?token=00000000-0000-4000-8000-000000000000',
      '?token=',
      `?token=${o.token}&token=${o.token}`,
      `?token[]=${o.token}`,
      `?token=${o.token}x`,
      `?token=%00${o.token}`,
      `?token=${'a'.repeat(5000)}`,
      `?token=${encodeURIComponent("' OR 1=1 --")}`,
      `?headerGuid=${other.headerGuid}`,
    ]) {
      expectError(await xrechnung(api, o.orderNumber, query), 404, 'not-found');
    }
    // Another order's token does not open this one even inside that order's window.
    expectError(await xrechnung(api, other.orderNumber, `?token=${o.token}`), 404, 'not-found');
  });
});

describe('sessions', () => {
  it("the owner's session always; another customer's session not after the window", async () => {
    const owner = await loginDemo(api, '10.26.4.7');
    const o = await paidCompanyOrder(api, owner);
    await hoursPass(api, o.headerGuid, PERSONAL_BY_LINK_HOURS + 1);
    expectBuyerNamed(await xrechnung(api, o.orderNumber, '', owner));
    const { cookie } = await otherCustomerSession(api);
    expectError(await xrechnung(api, o.orderNumber, '', { cookie }), 404, 'not-found');
    expectError(
      await xrechnung(api, o.orderNumber, `?headerGuid=${o.headerGuid}`, { cookie }),
      404,
      'not-found',
    );
  });
});

describe('orders placed before migration 047', () => {
  it('count their guid as token without a rewrite, so the links in mails already sent keep answering', async () => {
    const start = await restartableApi(cleanups, 'lp-document-token-');
    const older = await start();
    const o = await paidCompanyOrder(older);
    await undoMigrationsFrom(older.db, 47);
    await older.close();
    const upgraded = await start();
    // The migration wrote no row: the older order has no token of its own, its guid counts.
    const [row] = await upgraded.db.query<{ document_token: string | null }>(
      'SELECT document_token::text AS document_token FROM orders WHERE header_guid = $1::uuid',
      [o.headerGuid],
    );
    expect(row!.document_token).toBeNull();
    await hoursPass(upgraded, o.headerGuid, PERSONAL_BY_LINK_HOURS + 1);
    // The link of a mail sent before the upgrade (?headerGuid=) and the token both answer.
    expectBuyerNamed(await xrechnung(upgraded, o.orderNumber, `?headerGuid=${o.headerGuid}`));
    expectBuyerNamed(await xrechnung(upgraded, o.orderNumber, `?token=${o.headerGuid}`));
    // An order placed after the upgrade gets a token of its own.
    const fresh = await paidCompanyOrder(upgraded);
    expect(fresh.token).not.toBe(fresh.headerGuid);
  });
});
