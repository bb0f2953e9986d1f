// Answers that carry one shopper's cart or order must never sit in a shared cache (a CDN or company proxy in front
// of the shop): getCart and getCustomerCompanyOrders have one URL for every shopper (the cart is named by a header,
// the customer by the session cookie), so a cached answer would be handed to the next shopper.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  addBody,
  addItem,
  call,
  demoOrderFilter,
  loginDemo,
  makeApi,
  savedOrder,
} from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

describe('personal answers are kept out of shared caches', () => {
  it('sends Cache-Control: no-store with a cart, its changes and its order', async () => {
    const cart = await addItem(api, addBody('KZH-001'));
    const cartGuid = cart.cartGuid!;
    const { headerGuid } = await savedOrder(api);
    const session = await loginDemo(api);
    const filter = demoOrderFilter();
    const answers = {
      getCart: await call(api, 'GET', '/api/Cart/getCart', { cartGuid }),
      addCartItem: await call(api, 'POST', '/api/Cart/addCartItem', { cartGuid, body: addBody('KZH-001') }),
      getOrder: await call(api, 'GET', `/api/Order/getOrder?headerGuid=${headerGuid}`),
      getOrders: await call(api, 'POST', '/api/Order/getOrders', { body: filter, headers: session }),
      getCustomerCompanyOrders: await call(
        api,
        'GET',
        `/api/Order/getCustomerCompanyOrders?${new URLSearchParams(
          Object.entries(filter)
            .filter(([key]) => key !== 'Statuses')
            .map(([key, value]): [string, string] => [key, String(value)]),
        )}`,
        { headers: session },
      ),
    };
    const seen = Object.fromEntries(
      Object.entries(answers).map(([name, res]) => [name, [res.status, res.headers['cache-control']]]),
    );
    expect(seen).toEqual(Object.fromEntries(Object.keys(answers).map((name) => [name, [200, 'no-store']])));
  });

  it('leaves public answers of the same routes alone (payment types)', async () => {
    const types = await call(api, 'GET', '/api/Order/paymentTypes/1001');
    expect([types.status, types.headers['cache-control']]).toEqual([200, undefined]);
  });
});
