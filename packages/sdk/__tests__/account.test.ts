import { describe, expect, it } from 'vitest';
import { createAccountService, orderHistoryFilter } from '../src/account';
import { createClient } from '../src/client/createClient';
import type { Customer } from '../src/contract/entities';
import { isLpError } from '../src/errors';
import { ORDER_FILTER_FIELDS } from '../src/contract/payloads';
import { type FakeHandler, fakeFetch, json } from './support/fakeFetch';

const customer: Customer = {
  id: 1,
  email: 'demo@lp-de.example',
  name: 'Max',
  lastName: 'Mustermann',
  customerCompanyId: 2001,
  customerCompanyGroupRoleId: 3001,
};

function setup(handler: FakeHandler, options: { baseUrl?: string; cookie?: string } = {}) {
  const { fetch, calls } = fakeFetch(handler);
  const client = createClient({
    baseUrl: options.baseUrl ?? '',
    fetch,
    retries: 0,
    document: { cookie: options.cookie ?? '' },
  });
  return { account: createAccountService(client), calls };
}

async function rejection(promise: Promise<unknown>) {
  const error = await promise.catch((e: unknown) => e);
  expect(isLpError(error)).toBe(true);
  return error as { code: string; status?: number; message: string };
}

describe('createAccountService', () => {
  it('logs in with a JSON body and answers the customer', async () => {
    const { account, calls } = setup(() => json(customer));
    await expect(account.login(' demo@lp-de.example ', ' Demo1234! ')).resolves.toEqual(customer);
    const call = calls[0]!;
    expect(call.method).toBe('POST');
    expect(call.url).toBe('/api/Account/login');
    expect(call.headers['Content-Type']).toBe('application/json');
    // The email is trimmed; the password is sent exactly as typed.
    expect(JSON.parse(String(call.body))).toEqual({ email: 'demo@lp-de.example', password: ' Demo1234! ' });
  });

  it('asks for the 30-day session only when told to ("Angemeldet bleiben", session 25)', async () => {
    const { account, calls } = setup(() => json(customer));
    await account.login('demo@lp-de.example', 'Demo1234!', true);
    await account.login('demo@lp-de.example', 'Demo1234!', false);
    await account.login('demo@lp-de.example', 'Demo1234!', 'ja' as unknown as boolean);
    expect(calls.map((call) => JSON.parse(String(call.body)).remember)).toEqual([true, undefined, undefined]);
  });

  it('registers with the 30-day session only when told to, as the login (session 25, accountfollow)', async () => {
    const { account, calls } = setup(() => json(customer, 201));
    const body = {
      email: 'erika@example.de',
      password: 'Sommer 2026!',
      name: 'Erika',
      lastName: 'Muster',
      confirmUrl: 'https://shop.example/account/confirm',
    };
    await account.register({ ...body, remember: true });
    await account.register({ ...body, remember: false });
    await account.register({ ...body, remember: 'ja' as unknown as boolean });
    await account.register(body);
    expect(calls.map((call) => JSON.parse(String(call.body)).remember)).toEqual([
      true,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('sends cookies and the anti-forgery header on a same-origin client', async () => {
    const { account, calls } = setup(() => json(customer), { cookie: 'XSRF-TOKEN=tok%3Den; other=1' });
    await account.login('demo@lp-de.example', 'Demo1234!');
    await account.logout();
    for (const call of calls) {
      expect(call.credentials).toBe('same-origin');
      expect(call.headers['X-XSRF-TOKEN']).toBe('tok=en');
    }
  });

  it('rejects wrong credentials with the status of the answer (401) and too many tries with 429', async () => {
    const { account } = setup(({ body }) =>
      JSON.parse(String(body)).password === 'x'
        ? json({ status: 429, message: 'Too many login attempts; retry in 60 s.' }, 429)
        : json({ status: 401, message: 'Invalid email or password.' }, 401),
    );
    const wrong = await rejection(account.login('demo@lp-de.example', 'falsch'));
    expect(wrong).toMatchObject({ code: 'http', status: 401 });
    expect(await rejection(account.login('demo@lp-de.example', 'x'))).toMatchObject({ status: 429 });
  });

  it.each([
    ['an empty email', '', 'pw', 'The parameter email cannot be null.'],
    ['a blank email', '   ', 'pw', 'The parameter email cannot be null.'],
    ['an empty password', 'a@b.de', '', 'The parameter password cannot be null.'],
    ['a null password', 'a@b.de', null, 'The parameter password cannot be null.'],
    ['an object as email', { evil: true }, 'pw', 'The parameter email is invalid.'],
  ])('refuses %s before calling the API', async (_name, email, password, message) => {
    const { account, calls } = setup(() => json(customer));
    const error = await rejection(account.login(email as string, password as string));
    expect(error.message).toBe(message);
    expect(calls).toHaveLength(0);
  });

  it('logs out with an empty POST and resolves on 204', async () => {
    const { account, calls } = setup(() => new Response(null, { status: 204 }));
    await expect(account.logout()).resolves.toBeUndefined();
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/Account/logout', body: undefined });
  });

  it('answers the customer from me(), null without a session, and rejects other failures', async () => {
    let status = 200;
    const { account, calls } = setup(() =>
      status === 200 ? json(customer) : json({ status, message: 'x' }, status),
    );
    await expect(account.me()).resolves.toEqual(customer);
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/Account/me' });
    status = 401;
    await expect(account.me()).resolves.toBeNull();
    status = 500;
    expect(await rejection(account.me())).toMatchObject({ status: 500 });
  });

  it('uses the configured base URL', async () => {
    const { account, calls } = setup(() => json(customer), { baseUrl: 'http://api.test' });
    await account.me();
    expect(calls[0]!.url).toBe('http://api.test/api/Account/me');
    // DESIGN 2: cross-origin calls never carry cookies.
    expect(calls[0]!.credentials).toBe('omit');
  });
});

describe('orderHistoryFilter', () => {
  it("fills all 11 fields with the customer's ids, newest first", () => {
    const filter = orderHistoryFilter(customer, { pageNumber: 2, rowCount: 5, dateTo: '2026-12-31' });
    expect(Object.keys(filter).sort()).toEqual([...ORDER_FILTER_FIELDS].sort());
    expect(filter).toEqual({
      CustomerCompanyId: 2001,
      CustomerId: 1,
      CustomerCompanyGroupRoleId: 3001,
      PageNumber: 2,
      RowCount: 5,
      DateFrom: '2000-01-01',
      DateTo: '2026-12-31',
      Statuses: [],
      PaymentMethod: '',
      SortField: 'createdAt',
      SortDirection: 'desc',
    });
  });

  it('ends the default range tomorrow, so orders of today are included', () => {
    const { DateTo } = orderHistoryFilter(customer);
    expect(DateTo > new Date().toISOString().slice(0, 10)).toBe(true);
  });
});
