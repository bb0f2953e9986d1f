import type { Cart, SaveOrderBody } from '@lp/sdk/contract';
import { accountPaths, paths } from '@lp/sdk/contract';
import { expect } from 'vitest';
import { type Api, addBody, addItem, call, plateAttributes, saveBody } from './testApi';

export const PASSWORD = 'Sommer 2026!';
const XSRF = 'abcdefghijklmnopqrstuvwx';
const SHOP = 'http://127.0.0.1:3000';

/** The headers a browser sends with the session cookie of an answer that set one. */
export function sessionHeaders(res: { headers: Record<string, unknown> }): Record<string, string> {
  const session = ([] as string[])
    .concat((res.headers['set-cookie'] as string[] | string | undefined) ?? [])
    .find((c) => c.startsWith('lp_session='))
    ?.split(';')[0];
  expect(session).toBeDefined();
  return { cookie: `${session}; XSRF-TOKEN=${XSRF}`, 'X-XSRF-TOKEN': XSRF };
}

export const login = (api: Api, email: string, password = PASSWORD) =>
  call(api, 'POST', accountPaths.login, {
    body: { email, password },
    headers: { 'x-forwarded-for': '10.7.7.7' },
  });

const person = (email: string, name: string, lastName: string): SaveOrderBody['billingPerson'] => ({
  email,
  phone: '+49 1701234567',
  name,
  lastName,
});

const address = (name: string, lastName: string, street: string) => ({
  name,
  lastName,
  street,
  houseNumber: '7',
  zipCode: '10115',
  city: 'Berlin',
  country: 'DE',
});

async function orderFrom(
  api: Api,
  cartGuid: string,
  body: SaveOrderBody,
  headers: Record<string, string> = {},
) {
  const saved = await call(api, 'POST', paths.order.save, { body, cartGuid, headers });
  expect(saved.status).toBe(200);
  const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
  const order = await call(api, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`);
  return { headerGuid, orderNumber: (order.body as { orderNumber: string }).orderNumber, cartGuid };
}

const plateCart = async (api: Api, plate: string, headers: Record<string, string> = {}) => {
  const res = await call(api, 'POST', paths.cart.addItem, {
    body: addBody('KFZ-001', 1, plateAttributes(plate)),
    headers,
  });
  expect(res.status).toBe(200);
  return (res.body as Cart).cartGuid!;
};

/**
 * A registered customer with a history, through the API as the shop builds it: registration (a sandbox mail, a
 * session), a second login, a cart attached to the account, an order placed and paid through the account, and a
 * guest checkout saved (never placed) with the address in other letters.
 */
export async function customerWithHistory(
  api: Api,
  { email, name, lastName, plate }: { email: string; name: string; lastName: string; plate: string },
) {
  const registered = await call(api, 'POST', accountPaths.register, {
    body: { email, password: PASSWORD, name, lastName, confirmUrl: `${SHOP}/account/confirm` },
  });
  expect(registered.status).toBe(201);
  const headers = sessionHeaders(registered);
  expect((await login(api, email)).status).toBe(200);

  const attachedCart = await plateCart(api, `${plate}1`);
  expect((await call(api, 'POST', paths.cart.attachToUser, { cartGuid: attachedCart, headers })).status).toBe(
    200,
  );

  const paidCart = await plateCart(api, `${plate}2`);
  const paid = await orderFrom(
    api,
    paidCart,
    saveBody({
      billingPerson: person(email, name, lastName),
      shippingAddress: address(name, lastName, 'Lindenallee'),
    }),
    headers,
  );
  expect(
    (await call(api, 'POST', paths.order.confirm, { body: { headerGuid: paid.headerGuid } })).status,
  ).toBe(200);
  const payment = await call(api, 'POST', paths.order.createPayment, {
    body: {
      headerGuid: paid.headerGuid,
      paymentMethod: 'paypal',
      returnUrl: `${SHOP}/thank-you/1`,
      cancelUrl: `${SHOP}/cart`,
    },
    headers: { host: '127.0.0.1:4000' },
  });
  expect(payment.status).toBe(200);
  const payPath = new URL((payment.body as { redirectUrl: string }).redirectUrl).pathname;
  expect((await call(api, 'POST', `${payPath}/approve`)).status).toBe(303);
  // The order confirmation mail is handed to the outbox after the approval's answer: wait for it, so the history
  // (and every snapshot taken of it) is complete.
  const { orderNumber } = (await call(api, 'GET', `${paths.order.get}?headerGuid=${paid.headerGuid}`))
    .body as {
    orderNumber: string;
  };
  for (let waited = 0; ; waited += 20) {
    const rows = await api.db.query('SELECT 1 FROM outbox_mails WHERE subject LIKE $1', [`%${orderNumber}%`]);
    if (rows.length > 0) break;
    if (waited > 10_000) throw new Error(`no order confirmation mail for ${orderNumber}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  const draftCart = await plateCart(api, `${plate}3`);
  const draft = await orderFrom(
    api,
    draftCart,
    saveBody({
      billingPerson: person(email.toUpperCase(), name, lastName),
      shippingAddress: address(name, lastName, 'Gartenweg'),
    }),
  );
  return { headers, attachedCart, paid, draft };
}

/** A guest who placed (confirmed) an order with `email` as billing address. */
export async function guestWithPlacedOrder(
  api: Api,
  { email, name, lastName, plate }: { email: string; name: string; lastName: string; plate: string },
) {
  const cart = await addItem(api, addBody('KFZ-001', 1, plateAttributes(plate)));
  const order = await orderFrom(
    api,
    cart.cartGuid!,
    saveBody({
      billingPerson: person(email, name, lastName),
      shippingAddress: address(name, lastName, 'Ringstraße'),
    }),
  );
  expect(
    (await call(api, 'POST', paths.order.confirm, { body: { headerGuid: order.headerGuid } })).status,
  ).toBe(200);
  return order;
}

/** Row counts of every table that holds personal data (migrations 001-017): "nothing changed" compares these. */
export async function personalRows(api: Api): Promise<Record<string, unknown>> {
  const tables = [
    'customers',
    'sessions',
    'email_confirmations',
    'orders',
    'order_items',
    'payments',
    'carts',
    'cart_items',
    'outbox_mails',
  ];
  const counts: Record<string, unknown> = {};
  for (const table of tables) {
    const [row] = await api.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    counts[table] = row!.n;
  }
  const [orders] = await api.db.query<{ digest: string }>(
    `SELECT md5(string_agg(billing_person::text || coalesce(customer_id::text, '-'), ',' ORDER BY id)) AS digest FROM orders`,
  );
  counts.orderContent = orders!.digest;
  return counts;
}
