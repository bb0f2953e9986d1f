import { describe, expect, it, vi } from 'vitest';
import { PNG } from './support/images';
import {
  formValues,
  jsonOf,
  HEADER_VALUES,
  multipartOf,
  propertyCases,
  type Schema,
  wholeBodyCases,
} from './support/sweepCases';
import {
  demoSession,
  freshCart,
  methodsOf,
  problemOf,
  send,
  storedState,
  startSweptApi,
  validBody,
} from './support/sweepWorld';
import { observedRoutes } from './support/observedRoutes';

// Every route the API registers, observed through an onRoute hook (as contract.test.ts does): the sweep covers the
// routes there are, not a hand-picked list.
vi.mock('fastify', async (importOriginal) =>
  (await import('./support/observedRoutes')).observingRoutes(await importOriginal()),
);
const routes = observedRoutes;

const { api, world } = await startSweptApi();

const UPLOAD = '/api/Cart/addCartItemImage';
/** Routes whose answers are HTML pages for people or a redirect (the sandbox's payment buttons take no body). */
const bodyRoutes = routes.filter(
  (route) => methodsOf(route).includes('POST') && !route.url.startsWith('/sandbox/') && route.url !== UPLOAD,
);

/** Where an accepted address is kept (losing nothing: it reads back as sent, in composed form). */
const ADDRESS_COLUMNS: Record<string, string> = {
  '/api/Cart/addShippingAddress': 'shipping_address',
  '/api/Cart/addBillingAddress': 'billing_address',
};

/** The fields of the sent address that the cart does not keep as sent (NFC); undefined when none. */
async function addressLost(column: string, cartGuid: string, payload: string | Buffer) {
  const sent = JSON.parse(String(payload)) as Record<string, unknown>;
  const [row] = await api.db.query<{ address: Record<string, unknown> }>(
    `SELECT ${column} AS address FROM carts WHERE guid = $1`,
    [cartGuid],
  );
  const lost = Object.entries(sent).filter(
    ([key, value]) => typeof value === 'string' && row?.address?.[key] !== value.normalize('NFC'),
  );
  return lost.length > 0
    ? JSON.stringify(Object.fromEntries(lost.map(([key]) => [key, row?.address?.[key]])))
    : undefined;
}

/** The stored state once two reads 50 ms apart agree (at most 2 s). */
async function settledState(cartGuid: string): Promise<string> {
  let state = await storedState(api, cartGuid);
  for (let tries = 0; tries < 40; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await storedState(api, cartGuid);
    if (again === state) return state;
    state = again;
  }
  return state;
}

/**
 * Sends each case to the route and checks the answer; a refused case must leave the stored state as it was (the
 * state read through SQL and getCart, which also shows the process still answers). Answers the problems found.
 */
async function sweep(
  url: string,
  cases: {
    label: string;
    payload: string | Buffer;
    contentType?: string;
    headers?: Record<string, string>;
  }[],
  headers: Record<string, string>,
  cartGuid: string,
): Promise<string[]> {
  const problems: string[] = [];
  const post = ({ payload, contentType, headers: own }: (typeof cases)[number]) => {
    const latin1 = contentType === 'latin1';
    return send(api, 'POST', url, {
      payload: latin1 ? Buffer.from(String(payload), 'latin1') : payload,
      ...(contentType && !latin1 ? { contentType } : {}),
      headers: { ...headers, ...own },
    });
  };
  let before = await storedState(api, cartGuid);
  for (const one of cases) {
    const res = await post(one);
    const problem = problemOf(res, 'POST');
    if (process.env.SWEEP_DEBUG) console.log(url, one.label, res.statusCode, res.body.slice(0, 100));
    if (problem) problems.push(`${one.label}: ${problem}`);
    if (res.statusCode < 400 && ADDRESS_COLUMNS[url]) {
      const lost = await addressLost(ADDRESS_COLUMNS[url], cartGuid, one.payload);
      if (lost) problems.push(`${one.label}: accepted but stored ${lost}`);
    }
    let after = await storedState(api, cartGuid);
    if (res.statusCode >= 400 && after !== before) {
      // An accepted case before may still have been writing (a mail to the outbox goes out after the answer):
      // once the state has settled, the refused case is sent again and must change nothing.
      const settled = await settledState(cartGuid);
      const again = await post(one);
      after = await storedState(api, cartGuid);
      if (again.statusCode >= 400 && after !== settled) {
        problems.push(`${one.label}: refused with ${again.statusCode} but the stored state changed`);
      }
    }
    before = after;
  }
  return problems;
}

describe('every JSON route meets hostile bodies with a 4xx in the contract and stores nothing it refused', () => {
  it('observes the routes to sweep', () => {
    expect(bodyRoutes.length).toBeGreaterThan(25);
  });

  it.each(bodyRoutes.map((route) => [route.url, route] as const))('POST %s', async (url, route) => {
    const cart = await freshCart(api);
    // Each route starts with no failed password counted: one route's wrong passwords would lock the next one out.
    await api.db.query('DELETE FROM rate_limits');
    // Logged in (except for the logout, which would end the session the other routes use), with the route's cart.
    const session = url === '/api/Account/logout' ? {} : await demoSession(api);
    const headers = { ...session, CartGuid: cart.cartGuid, host: '127.0.0.1:4000' };
    const valid = validBody(url, world, cart);
    const schema = (route.schema as { body?: Schema } | undefined)?.body;
    const cases = [...propertyCases(schema, valid), ...wholeBodyCases(valid)];
    expect(await sweep(url, cases, headers, cart.cartGuid)).toEqual([]);
  });

  it.each(['CartGuid', 'Idempotency-Key'])('every POST route meets a hostile %s header', async (name) => {
    const problems: string[] = [];
    for (const route of bodyRoutes) {
      const cart = await freshCart(api);
      const payload = jsonOf(validBody(route.url, world, cart));
      const session = await demoSession(api);
      const cases = HEADER_VALUES.map(({ label, value }) => ({
        label: `${route.url} ${name} ${label}`,
        payload,
        headers: { [name]: value },
      }));
      problems.push(
        ...(await sweep(route.url, cases, { ...session, CartGuid: cart.cartGuid }, cart.cartGuid)),
      );
    }
    expect(problems).toEqual([]);
  });

  it('POST addCartItemImage: hostile CompanyId fields, a missing or empty image, JSON bodies', async () => {
    const cart = await freshCart(api);
    const boundary = 'sweep-boundary';
    const form = (parts: Parameters<typeof multipartOf>[1]) => ({
      payload: multipartOf(boundary, parts),
      contentType: `multipart/form-data; boundary=${boundary}`,
    });
    const cases = [
      ...formValues().map(({ label, text }) => ({
        label: `CompanyId = ${label}`,
        ...form([
          { name: 'CompanyId', value: text },
          { name: 'Image', value: PNG, file: true },
        ]),
      })),
      { label: 'Image missing', ...form([{ name: 'CompanyId', value: '1001' }]) },
      {
        label: 'Image empty',
        ...form([
          { name: 'CompanyId', value: '1001' },
          { name: 'Image', value: '', file: true },
        ]),
      },
      {
        label: 'Image not an image',
        ...form([
          { name: 'CompanyId', value: '1001' },
          { name: 'Image', value: '<svg onload="alert(1)"/>', file: true },
        ]),
      },
      { label: 'CompanyId missing', ...form([{ name: 'Image', value: PNG, file: true }]) },
      ...wholeBodyCases({ CompanyId: 1001 }),
    ];
    expect(await sweep(UPLOAD, cases, { CartGuid: cart.cartGuid }, cart.cartGuid)).toEqual([]);
  });

  it('leaves the objects of the process unpolluted by the __proto__ and constructor keys', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});
