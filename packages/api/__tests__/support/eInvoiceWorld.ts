// Session 22, health (split from einvoice.test.ts): what the XRechnung tests share. A test API, a car
// dealership's order body, orders saved, confirmed and paid in the sandbox, the download of their XRechnung, and the
// seller contact the seed writes (and a test takes away).
import type { Order } from '@lp/sdk/contract';
import { orderEInvoicePath, paths } from '@lp/sdk/contract';
import { afterAll, expect } from 'vitest';
import { type Api, addBody, addItem, call, makeApi, saveBody } from './testApi';

export const SHOP = 'http://localhost:3000';
/** What the seed writes into a new shop (seed/data/company.ts): the demo shop's XRechnung works without set-up. */
export const SELLER_CONTACT = {
  contact_name: 'Buchhaltung (Beispiel)',
  contact_phone: '+49 3023125001',
  contact_email: 'info@lp-de.example',
};

export async function setSellerContact(target: Api, contact: Record<string, string | null>) {
  await target.db.query(
    'UPDATE companies SET contact_name = $1, contact_phone = $2, contact_email = $3 WHERE id = 1001',
    [contact.contact_name, contact.contact_phone, contact.contact_email],
  );
}

export const dealership = (company = 'Autohaus Händler GmbH', couponCode?: string) => {
  const billing = {
    name: 'Petra',
    lastName: 'Händler',
    company,
    street: 'Industriestraße',
    houseNumber: '5',
    zipCode: '10115',
    city: 'Berlin',
    country: 'DE',
  };
  return saveBody({
    billingPerson: {
      email: 'einkauf@autohaus.example',
      phone: '+49 1701234567',
      name: 'Petra',
      lastName: 'Händler',
    },
    shippingAddress: billing,
    billingAddress: billing,
    ...(couponCode ? { couponCode } : {}),
  });
};

/**
 * One test file's world, made while the file is collected (awaited at its top level) and closed after its tests: its
 * API, its orders and their XRechnung's download.
 */
export async function eInvoiceWorld() {
  const api: Api = await makeApi();
  afterAll(() => api.close());

  /** Saves, confirms and (unless `pay` is false) pays a cart of `lines` in the sandbox; answers the order. */
  async function order(lines: Parameters<typeof addBody>[], body = dealership(), pay = true): Promise<Order> {
    let cartGuid: string | undefined;
    for (const line of lines) cartGuid = (await addItem(api, addBody(...line), cartGuid)).cartGuid!;
    const saved = await call(api, 'POST', paths.order.save, { body, cartGuid });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
    expect((await call(api, 'POST', paths.order.confirm, { body: { headerGuid } })).status).toBe(200);
    if (pay) {
      const payment = await call(api, 'POST', paths.order.createPayment, {
        body: { headerGuid, paymentMethod: 'paypal', returnUrl: `${SHOP}/ok`, cancelUrl: `${SHOP}/cancel` },
        headers: { host: '127.0.0.1:4000' },
      });
      expect(payment.status).toBe(200);
      const path = new URL((payment.body as { redirectUrl: string }).redirectUrl).pathname;
      expect((await call(api, 'POST', `${path}/approve`)).status).toBe(303);
    }
    return (await call(api, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`)).body as Order;
  }

  const download = (o: Order, query = `?headerGuid=${o.headerGuid}`, creditNote?: string) =>
    call(api, 'GET', `${orderEInvoicePath(o.orderNumber, creditNote)}${query}`);

  return { api, order, download };
}
