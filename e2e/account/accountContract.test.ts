// Contract test of `@lp/sdk/account` against the real API: login, me, order history, designs, cart attach and
// logout, through a client that behaves like a browser on the shop's origin (cookies kept, relative URLs).
import { type Sdk, type SdkOptions, createMemoryStorage, createSdk, isLpError } from '@lp/sdk';
import { type AccountService, createAccountService, orderHistoryFilter } from '@lp/sdk/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHandle, withApi } from '../support/api';
import { address, funschild } from '../contract/support';
import { type CookieJar, cookieJar, sdkWithCookies } from './cookieJarFetch';

const DEMO = { email: 'demo@lp-de.example', password: 'Demo1234!' };

let api: ApiHandle;
let jar: CookieJar;
let sdk: Sdk;
let account: AccountService;
let orderNumber: string;

beforeAll(async () => {
  api = await withApi();
  // The order is placed by the demo customer's own session (security review 2: orders are linked to a customer
  // only through the session at save time, never by the billing email).
  const placerJar = cookieJar(api.url);
  const placer = createSdk({
    baseUrl: '',
    fetch: placerJar.fetch,
    storage: createMemoryStorage(),
    dataLayer: [],
    retries: 0,
    document: placerJar.document,
  } as SdkOptions);
  const placerAccount = createAccountService(placer.client);
  await placerAccount.login(DEMO.email, DEMO.password);
  await placer.cartStore.getState().add(funschild(2));
  const { orderHeaderGuid } = await placer.orders.save({
    billingPerson: { email: DEMO.email, phone: '+49 3012345678', name: 'Max', lastName: 'Mustermann' },
    shippingAddress: address,
    paymentMethod: 'paypal',
  });
  orderNumber = (await placer.orders.confirm(orderHeaderGuid)).orderNumber;
  await placerAccount.logout();

  jar = cookieJar(api.url);
  // `document` is the client's source of the anti-forgery cookie; createSdk hands it to its client.
  sdk = sdkWithCookies(jar);
  account = createAccountService(sdk.client);
});
afterAll(() => api.close());

async function status(promise: Promise<unknown>): Promise<number | undefined> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return isLpError(error) ? error.status : undefined;
}

describe('@lp/sdk/account against the API', () => {
  it('has no customer before login, and refuses a wrong password with 401', async () => {
    await expect(account.me()).resolves.toBeNull();
    // Order lists and designs need the session (security review 2 and 3).
    expect(
      await status(
        sdk.orders.list(
          orderHistoryFilter({ id: 1, customerCompanyId: 2001, customerCompanyGroupRoleId: 3001 } as never),
        ),
      ),
    ).toBe(401);
    expect(await status(sdk.orders.designs(orderNumber))).toBe(404);
    expect(await status(account.login(DEMO.email, 'Falsch123!'))).toBe(401);
    expect(jar.cookies.has('lp_session')).toBe(false);
  });

  it('logs in: httpOnly session cookie, the customer, and me() knows them', async () => {
    const customer = await account.login(DEMO.email, DEMO.password);
    expect(customer).toEqual({
      id: 1,
      email: DEMO.email,
      name: 'Max',
      lastName: 'Mustermann',
      customerCompanyId: 2001,
      customerCompanyGroupRoleId: 3001,
    });
    expect(jar.cookies.get('lp_session')?.httpOnly).toBe(true);
    expect(jar.document.cookie).not.toContain('lp_session');
    await expect(account.me()).resolves.toEqual(customer);
  });

  it("lists the customer's orders with the 11-field filter, and each order's designs", async () => {
    const customer = (await account.me())!;
    const history = await sdk.orders.list(orderHistoryFilter(customer));
    expect(history.items.map((o) => o.orderNumber)).toContain(orderNumber);
    expect(history.items.every((o) => o.customerId === 1)).toBe(true);
    await expect(sdk.orders.designs(orderNumber)).resolves.toEqual([]);
    const foreign = { ...orderHistoryFilter(customer), CustomerId: 2, CustomerCompanyId: 2002 };
    expect(await status(sdk.orders.list(foreign))).toBe(403);
  });

  it('attaches the cart to the logged-in customer', async () => {
    await sdk.cartStore.getState().add(funschild(1));
    await sdk.cart.attachToUser();
    expect((await sdk.cart.getCart()).userId).toBe(1);
  });

  it('logs out: the cookie is cleared and me() answers null again', async () => {
    await account.logout();
    expect(jar.cookies.has('lp_session')).toBe(false);
    await expect(account.me()).resolves.toBeNull();
    // A second logout is harmless.
    await expect(account.logout()).resolves.toBeUndefined();
  });
});
