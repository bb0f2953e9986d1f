// The carts of the API load test (loadTest.mjs): seeding them over HTTP, and autocannon's request series that read
// and add to them, one series per connection.
import { addBody } from './addBody.mjs';
import { CONNECTIONS } from './loadSettings.mjs';

async function post(url, guid, body) {
  const res = await fetch(`${url}/api/Cart/addCartItem`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(guid ? { CartGuid: guid } : {}) },
    body,
  });
  if (!res.ok) throw new Error(`seeding carts failed: ${res.status} ${await res.text()}`);
  return (await res.json()).cartGuid;
}

/** An add of holder `i` with a note `n`, so each n is a line of its own (same product and note merge). */
export const lineBody = (i, n) => {
  const body = JSON.parse(addBody(i));
  body.addData[0].info.Attributes = { Notiz: `Zeile ${n}` };
  return JSON.stringify(body);
};

/** `count` carts of `lines` lines each, filled 16 requests at a time. */
export async function seedCarts(
  url,
  count,
  lines,
  body = (c, n) => (lines === 1 ? addBody(c) : lineBody(c, n)),
) {
  const guids = new Array(count);
  let next = 0;
  async function worker() {
    while (next < count) {
      const c = next++;
      let guid = await post(url, undefined, body(c, 0));
      for (let n = 1; n < lines; n++) guid = await post(url, guid, body(c, n));
      guids[c] = guid;
    }
  }
  await Promise.all(Array.from({ length: 16 }, worker));
  return guids;
}

/**
 * autocannon options where connection k sends its own series `request(k, j)`, j = 0, 1, ...: like real shoppers,
 * no two connections share a cart, so the figures show the work of a request and not two requests queueing on one
 * cart's row lock (autocannon would otherwise start every connection at the first request of one shared list).
 */
export function perConnection(url, length, request) {
  let next = 0;
  const series = (k) => Array.from({ length }, (_, j) => request(k, j));
  return {
    url,
    requests: series(0),
    setupClient: (client) => client.setRequests(series(next++ % CONNECTIONS)),
  };
}

/** Connection k's carts: k, k + 64, k + 128, ... */
export const cartOf = (guids, k, j) => guids[(k + j * CONNECTIONS) % guids.length];
const perCart = (guids) => Math.max(1, Math.floor(guids.length / CONNECTIONS));
export const getCarts = (url, guids) =>
  perConnection(url, perCart(guids), (k, j) => ({
    method: 'GET',
    path: '/api/Cart/getCart',
    headers: { CartGuid: cartOf(guids, k, j) },
  }));
export const addRequest = (guid, body) => ({
  method: 'POST',
  path: '/api/Cart/addCartItem',
  headers: { ...(guid ? { CartGuid: guid } : {}), 'content-type': 'application/json' },
  body,
  // As the SDK sends an add (services/cartService.ts): a new Idempotency-Key each time. The request series
  // repeat, so a key fixed per request would bench the cheaper repeat path.
  setupRequest: (request) => ({
    ...request,
    headers: { ...request.headers, 'Idempotency-Key': `${Math.random()}` },
  }),
});
export const addToCarts = (url, guids) =>
  perConnection(url, perCart(guids) * 4, (k, j) => addRequest(cartOf(guids, k, j), addBody(k + j + 7)));
