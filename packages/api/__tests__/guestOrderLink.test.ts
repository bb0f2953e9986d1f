// Session 26 (decisions.md "A paid guest order's page at a shared computer"): the order's link stays in a shared
// computer's history; read by its guid alone, the order names its buyer only for 24 hours after the payment.
import { type ApiErrorCode, type Order, paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_BY_LINK_HOURS } from '../src/orders/personalWindow';
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
  plateAttributes,
  sandboxPayment,
  savedOrder,
} from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi({ trustProxy: true });
});
afterAll(() => api.close());

const COMPANY_BUYER = {
  billingAddress: { ...address, company: 'Musterbau GmbH', street2: 'Abteilung Einkauf' },
  buyerReference: 'KST-4711',
  buyerVatId: 'DE136695976',
};

const get = (headerGuid: string, headers: Record<string, string> = {}) =>
  call(api, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`, { headers });

/** A guest's paid order of one plate ("M-AB 1234") with a company billing address. */
async function paidGuestOrder(headers: Record<string, string> = {}) {
  const cart = await addItem(api, addBody('KFZ-001-520x110-STD', 1, plateAttributes('M-AB 1234')));
  const saved = await call(api, 'POST', paths.order.save, {
    body: {
      billingPerson: { email: 'anna@example.de', phone: '+49 1701234567', name: 'Anna', lastName: 'Albers' },
      shippingAddress: address,
      paymentMethod: 'paypal',
      ...COMPANY_BUYER,
    },
    cartGuid: cart.cartGuid!,
    headers,
  });
  expect(saved.status).toBe(200);
  const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
  const payment = await sandboxPayment(api, headerGuid);
  expect((await call(api, 'POST', `${payment}/approve`)).status).toBe(303);
  return headerGuid;
}

const PERSONAL = [
  'Anna',
  'Albers',
  'anna@example.de',
  '1701234567',
  'Hauptstraße',
  '10115',
  'Berlin',
  'Musterbau',
];
const PERSONAL_TOO = ['Abteilung Einkauf', 'KST-4711', 'DE136695976', 'Mustermann'];

function expectNoBuyer(order: Order) {
  const text = JSON.stringify(order);
  for (const word of [...PERSONAL, ...PERSONAL_TOO]) expect(text).not.toContain(word);
  expect(order.personalData).toBe('hidden');
  expect(order.billingPerson).toEqual({ email: '', phone: '', name: '', lastName: '' });
  const empty = { name: '', lastName: '', street: '', houseNumber: '', zipCode: '', city: '', country: 'DE' };
  expect(order.shippingAddress).toEqual(empty);
  expect(order.billingAddress).toEqual(empty);
}

function expectBuyer(order: Order) {
  expect(order.personalData).toBeUndefined();
  expect(order.billingPerson).toMatchObject({ email: 'anna@example.de', name: 'Anna', lastName: 'Albers' });
  expect(order.shippingAddress).toEqual(address);
  expect(order.billingAddress).toMatchObject(COMPANY_BUYER.billingAddress);
  expect(order).toMatchObject({ buyerReference: 'KST-4711', buyerVatId: 'DE136695976' });
}

describe('a paid guest order read by its link alone', () => {
  it(`names the buyer for ${PERSONAL_BY_LINK_HOURS} hours after the payment`, async () => {
    const headerGuid = await paidGuestOrder();
    expectBuyer((await get(headerGuid)).body as Order);
    await hoursPass(api, headerGuid, PERSONAL_BY_LINK_HOURS - 1);
    expectBuyer((await get(headerGuid)).body as Order);
  });

  it('afterwards shows what was bought, its state and invoice, but not who bought it', async () => {
    const headerGuid = await paidGuestOrder();
    const fresh = (await get(headerGuid)).body as Order;
    await hoursPass(api, headerGuid, PERSONAL_BY_LINK_HOURS + 1);
    const res = await get(headerGuid);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    const later = res.body as Order;
    expectNoBuyer(later);
    // What the person who ordered needs to recognise and follow the order is all still there.
    expect(later).toMatchObject({
      headerGuid,
      orderNumber: fresh.orderNumber,
      status: 'paid',
      totalAmount: fresh.totalAmount,
      paymentMethod: 'paypal',
      invoice: { invoiceNumber: fresh.invoice!.invoiceNumber, eInvoice: fresh.invoice!.eInvoice },
      parcels: [],
    });
    expect(later.orderItems).toEqual(fresh.orderItems);
    expect(later.orderItems[0]!.attributes).toMatchObject(plateAttributes('M-AB 1234'));
    expect(later.createdAt).not.toBe(fresh.createdAt);
  });

  it('a later change by the shop (shipping, a refund) does not show the buyer again', async () => {
    const headerGuid = await paidGuestOrder();
    await hoursPass(api, headerGuid, PERSONAL_BY_LINK_HOURS + 1);
    await api.db.query('UPDATE orders SET updated_at = now() WHERE header_guid = $1::uuid', [headerGuid]);
    expectNoBuyer((await get(headerGuid)).body as Order);
  });

  it('the same answer for the guid in capitals', async () => {
    const headerGuid = await paidGuestOrder();
    await hoursPass(api, headerGuid, PERSONAL_BY_LINK_HOURS + 1);
    expectNoBuyer((await get(headerGuid.toUpperCase())).body as Order);
  });
});

describe('the owner and other customers', () => {
  it("the owner's session still sees everything; another customer's session and no session do not", async () => {
    const owner = await loginDemo(api, '10.26.0.1');
    const headerGuid = await paidGuestOrder(owner);
    await hoursPass(api, headerGuid, PERSONAL_BY_LINK_HOURS + 1);
    expectBuyer((await get(headerGuid, owner)).body as Order);
    const { cookie } = await otherCustomerSession(api);
    expectNoBuyer((await get(headerGuid, { cookie })).body as Order);
    expectNoBuyer((await get(headerGuid)).body as Order);
    // A made-up session cookie is no session.
    expectNoBuyer((await get(headerGuid, { cookie: `lp_session=${'A'.repeat(43)}` })).body as Order);
  });
});

describe('an unpaid order read by its link', () => {
  it('a confirmation or a coupon by whoever holds the link does not show the buyer again', async () => {
    const { headerGuid } = await savedOrder(api, 2, {
      billingPerson: { email: 'anna@example.de', phone: '+49 1701234567', name: 'Anna', lastName: 'Albers' },
    });
    expect(((await get(headerGuid)).body as Order).billingPerson.name).toBe('Anna');
    await hoursPass(api, headerGuid, PERSONAL_BY_LINK_HOURS + 1);
    const confirmed = await call(api, 'POST', paths.order.confirm, { body: { headerGuid } });
    expect(confirmed.status).toBe(200);
    expect((confirmed.body as Order).status).toBe('confirmed');
    expectNoBuyer(confirmed.body as Order);
    const coupon = await call(api, 'POST', paths.coupon.apply, {
      body: { headerGuid, code: 'WILLKOMMEN10' },
    });
    expect(coupon.status).toBe(201);
    expectNoBuyer(coupon.body as Order);
    expectNoBuyer((await get(headerGuid)).body as Order);
  });

  it('saving the checkout again (the buyer typed anew) shows it again', async () => {
    const { cartGuid, headerGuid } = await savedOrder(api);
    await hoursPass(api, headerGuid, PERSONAL_BY_LINK_HOURS + 1);
    expect(((await get(headerGuid)).body as Order).personalData).toBe('hidden');
    const again = await call(api, 'POST', paths.order.save, {
      body: {
        billingPerson: {
          email: 'anna@example.de',
          phone: '+49 1701234567',
          name: 'Anna',
          lastName: 'Albers',
        },
        shippingAddress: address,
        paymentMethod: 'paypal',
        headerGuid,
      },
      cartGuid,
    });
    expect((again.body as { orderHeaderGuid: string }).orderHeaderGuid).toBe(headerGuid);
    expect(((await get(headerGuid)).body as Order).billingPerson.name).toBe('Anna');
  });
});

describe('hostile and wrong guids', () => {
  it.each<[string, string, number, ApiErrorCode]>([
    ['an unknown guid', '00000000-0000-4000-8000-000000000000', 404, 'not-found'],
    ['no guid', '', 400, 'parameter-missing'],
    ['SQL', "x' OR '1'='1", 404, 'not-found'],
    ['a huge text', 'a'.repeat(5_000), 400, 'validation'],
  ])('%s: a clear error, no order', async (_what, guid, status, code) => {
    expectError(await get(encodeURIComponent(guid)), status, code);
  });

  it('two guids in the query: a clear 400, not the order', async () => {
    const { headerGuid } = await savedOrder(api);
    const res = await call(
      api,
      'GET',
      `${paths.order.get}?headerGuid=${headerGuid}&headerGuid=${headerGuid}`,
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toContain('Erika');
  });
});
