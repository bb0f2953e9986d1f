// Session 27 (hostile27): the 24-hour window in which an order's link alone names its buyer (orders/personalWindow.ts)
// is not opened again by whoever finds an unpaid order's link in a shared computer's history and pays it.
import { type Order, orderEInvoicePath, paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_BY_LINK_HOURS } from '../src/orders/personalWindow';
import { hoursPass } from './support/personalWindowClock';
import { type Api, call, expectError, makeApi, sandboxPayment, savedOrder } from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

const get = (headerGuid: string) => call(api, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`);

/** A company's saved, unpaid order (so it has an XRechnung once paid); its guid. */
async function unpaidCompanyOrder() {
  const { headerGuid } = await savedOrder(api, 1, {
    billingPerson: { email: 'anna@example.de', phone: '+49 1701234567', name: 'Anna', lastName: 'Albers' },
    billingAddress: {
      name: 'Anna',
      lastName: 'Albers',
      company: 'Musterbau GmbH',
      street: 'Hauptstraße',
      houseNumber: '12a',
      zipCode: '10115',
      city: 'Berlin',
      country: 'DE',
    },
  });
  return headerGuid;
}

async function pay(headerGuid: string) {
  const payment = await sandboxPayment(api, headerGuid);
  expect((await call(api, 'POST', `${payment}/approve`)).status).toBe(303);
  const order = (await get(headerGuid)).body as Order;
  expect(order.status).toBe('paid');
  return order;
}

describe('an unpaid order paid by whoever holds its link', () => {
  it('after its window: the link still names no buyer, and opens no e-invoice; the mail token does', async () => {
    const headerGuid = await unpaidCompanyOrder();
    await hoursPass(api, headerGuid, PERSONAL_BY_LINK_HOURS + 1);
    expect(((await get(headerGuid)).body as Order).personalData).toBe('hidden');
    const order = await pay(headerGuid);
    for (const word of [
      'Anna',
      'Albers',
      'anna@example.de',
      '1701234567',
      'Musterbau',
      'Hauptstraße',
      'Berlin',
    ])
      expect(JSON.stringify(order)).not.toContain(word);
    expect(order.personalData).toBe('hidden');
    const byGuid = await call(api, 'GET', `${orderEInvoicePath(order.orderNumber)}?headerGuid=${headerGuid}`);
    expectError(byGuid, 404, 'not-found');
    const [row] = await api.db.query<{ token: string }>(
      'SELECT document_token::text AS token FROM orders WHERE header_guid = $1::uuid',
      [headerGuid],
    );
    const byToken = await call(api, 'GET', `${orderEInvoicePath(order.orderNumber)}?token=${row!.token}`);
    expect(byToken.status).toBe(200);
    expect(String(byToken.body)).toContain('Musterbau GmbH');
  });

  it('inside its window: the buyer who pays the next day sees their data for a day after paying', async () => {
    const headerGuid = await unpaidCompanyOrder();
    await hoursPass(api, headerGuid, PERSONAL_BY_LINK_HOURS - 4);
    const order = await pay(headerGuid);
    expect(order.personalData).toBeUndefined();
    expect(order.billingPerson.lastName).toBe('Albers');
    await hoursPass(api, headerGuid, PERSONAL_BY_LINK_HOURS - 1);
    expect(((await get(headerGuid)).body as Order).billingPerson.lastName).toBe('Albers');
    await hoursPass(api, headerGuid, 2);
    expect(((await get(headerGuid)).body as Order).personalData).toBe('hidden');
  });
});
