// Session 20: what the checkout fills in for a logged-in customer (GET /api/Account/recentAddresses): the account's
// e-mail, the newest placed order's phone and addresses, and the distinct recent addresses, only of the account the
// session cookie names.
import type { Address, RecentAddresses, SaveOrderBody } from '@lp/sdk/contract';
import { accountPaths, paths, recentAddressesPath } from '@lp/sdk/contract';
import { RECENT_ADDRESSES_MAX } from '@lp/sdk/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, addBody, addItem, call, expectError, makeApi, saveBody } from './support/testApi';

const XSRF = 'abcdefghijklmnopqrstuvwx';
let api: Api;
let counter = 0;

beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

/** Registers a new account and answers the headers its browser sends next (session cookie, anti-forgery token). */
async function newCustomer(): Promise<{ email: string; headers: Record<string, string> }> {
  const email = `werkstatt.${Date.now()}.${++counter}@example.de`;
  const res = await call(api, 'POST', accountPaths.register, {
    body: {
      email,
      password: 'Sommer 2026!',
      name: 'Petra',
      lastName: 'Händler',
      confirmUrl: 'http://127.0.0.1:3000/account/confirm',
    },
  });
  expect(res.status).toBe(201);
  const session = ([] as string[])
    .concat((res.headers['set-cookie'] as string[] | string | undefined) ?? [])
    .find((c) => c.startsWith('lp_session='))!
    .split(';')[0]!;
  return { email, headers: { cookie: `${session}; XSRF-TOKEN=${XSRF}`, 'X-XSRF-TOKEN': XSRF } };
}

const place = (street: string, city = 'Berlin', extra: Partial<Address> = {}): Address => ({
  name: 'Petra',
  lastName: 'Händler',
  street,
  houseNumber: '5',
  zipCode: '10115',
  city,
  country: 'DE',
  ...extra,
});

/** Saves (and, unless `confirm` is false, confirms: a placed order) an order of the customer's session. */
async function order(
  headers: Record<string, string>,
  overrides: Partial<SaveOrderBody>,
  confirm = true,
): Promise<void> {
  const cart = await addItem(api, addBody('KZH-001'));
  const saved = await call(api, 'POST', paths.order.save, {
    body: saveBody(overrides),
    cartGuid: cart.cartGuid!,
    headers,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
  if (confirm)
    expect((await call(api, 'POST', paths.order.confirm, { body: { headerGuid } })).status).toBe(200);
}

const read = (headers: Record<string, string> = {}) => call(api, 'GET', recentAddressesPath, { headers });

describe('GET /api/Account/recentAddresses', () => {
  it('answers a guest 401 unauthorized, and never from a cache', async () => {
    const res = await read();
    expectError(res, 401, 'unauthorized');
    expect(res.headers['cache-control']).toContain('no-store');
    expectError(await read({ cookie: 'lp_session=forged-token-of-nobody' }), 401, 'unauthorized');
  });

  it('answers a customer without orders their e-mail and nothing else', async () => {
    const { email, headers } = await newCustomer();
    const res = await read(headers);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body).toEqual({ email, phone: null, shipping: null, billing: null, addresses: [] });
  });

  it('answers the newest placed order first, distinct addresses, at most five, only of the own account', async () => {
    const { email, headers } = await newCustomer();
    const other = await newCustomer();
    await order(other.headers, { shippingAddress: place('Fremdstraße', 'Köln') });
    // Seven placed orders, oldest first; one address repeats in another letter case, one is a draft never placed.
    for (const street of ['Erste Straße', 'Zweite Straße', 'Dritte Straße', 'Vierte Straße'])
      await order(headers, { shippingAddress: place(street) });
    // The repeat is of the newest address before it, so letter case decides whether the fifth place is "Zweite".
    await order(headers, { shippingAddress: place('VIERTE Straße') });
    await order(headers, { shippingAddress: place('Entwurfsweg') }, false);
    await order(headers, {
      billingPerson: { email, phone: '+49 3012345678', name: 'Petra', lastName: 'Händler' },
      shippingAddress: place('Werkstattweg', 'Potsdam', { company: 'Autohaus Händler GmbH' }),
      billingAddress: place('Rechnungsallee', 'Berlin', {
        company: 'Autohaus Händler GmbH',
        street2: 'Buchhaltung',
      }),
    });
    await order(other.headers, { shippingAddress: place('Fremdweg', 'Bonn') });

    const res = await read(headers);
    expect(res.status).toBe(200);
    const details = res.body as RecentAddresses;
    expect(details.email).toBe(email);
    expect(details.phone).toBe('+49 3012345678');
    expect(details.shipping).toEqual(place('Werkstattweg', 'Potsdam', { company: 'Autohaus Händler GmbH' }));
    expect(details.billing?.street).toBe('Rechnungsallee');
    expect(details.billing?.street2).toBe('Buchhaltung');
    expect(details.addresses.map((a) => a.street)).toEqual([
      'Werkstattweg',
      'Rechnungsallee',
      'VIERTE Straße',
      'Dritte Straße',
      'Zweite Straße',
    ]);
    expect(details.addresses).toHaveLength(RECENT_ADDRESSES_MAX);
    // Nothing of the other account, nor of the draft never placed.
    expect(JSON.stringify(details)).not.toMatch(/Fremd|Entwurf/);
  });

  it('leaves out a stored address today’s rules refuse (a Packstation without Postnummer from before session 17)', async () => {
    const { headers } = await newCustomer();
    await order(headers, { shippingAddress: place('Gartenweg') });
    await order(headers, { shippingAddress: place('Hofweg') });
    await api.db.query(
      `UPDATE orders SET shipping_address = shipping_address || '{"street": "Packstation", "houseNumber": "101"}'::jsonb,
          billing_address = billing_address || '{"street": "Packstation", "houseNumber": "101"}'::jsonb
        WHERE shipping_address->>'street' = 'Hofweg'`,
    );
    const details = (await read(headers)).body as RecentAddresses;
    expect(details.shipping).toBeNull();
    expect(details.addresses.map((a) => a.street)).toEqual(['Gartenweg']);
  });
});
