// Session 25, hostile: one client against the bound of pages in flight (session 24). The storefront answers the German
// 503 page above it; one client asking for pages the API is slow to read (here: searches, held by the relay, as a
// search the API works hardest on or a 100-line cart would be slow) held every slot, so the next shopper got the
// maintenance page. Now that client's pages above its own bound are shed and the shopper's product page is served.
// Behind a proxy (TRUST_PROXY) the client is the address the proxy names; no timings are asserted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelayedShop, startRelayedShop } from './relayedShop';

const IN_FLIGHT = 6;
const PER_CLIENT = 3;
const SEARCH_READ = '/api/v1/business/search-products';

let world: RelayedShop;
beforeAll(async () => {
  world = await startRelayedShop({
    env: { TRUST_PROXY: '127.0.0.1' },
    apiTimeoutMs: 3000,
    maxPagesInFlight: IN_FLIGHT,
    maxPagesPerClient: PER_CLIENT,
  });
});
afterAll(async () => {
  await world?.close();
});

/** A page as the proxy in front of the storefront passes it on for the client at `address`. */
const page = async (path: string, address: string) => {
  const response = await fetch(`${world.shop.url}${path}`, { headers: { 'x-forwarded-for': address } });
  return { status: response.status, body: await response.text() };
};

describe('one client asking for slow pages', () => {
  it("gets the maintenance page for its own pages above its bound, and another shopper's page is served", async () => {
    world.relay.mode = 'hold';
    world.relay.affects = (url) => url.startsWith(SEARCH_READ);
    const heldFrom = world.relay.recorded.length;
    const heldAtApi = () =>
      world.relay.recorded.slice(heldFrom).filter((r) => r.url.startsWith(SEARCH_READ)).length;

    const greedy = Array.from({ length: IN_FLIGHT }, (_, i) =>
      page(`/suche?q=kennzeichen+${i}`, '203.0.113.7'),
    );
    while (heldAtApi() < PER_CLIENT) await new Promise((done) => setTimeout(done, 20));

    const shopper = await page('/funschild', '198.51.100.9');
    expect(shopper.status).toBe(200);
    expect(shopper.body).toContain('Funschild');

    world.relay.mode = 'pass';
    world.relay.affects = undefined;
    const statuses = (await Promise.all(greedy)).map((answer) => answer.status).sort();
    // Its pages within the bound waited for the API (504 at the page's deadline), the rest were shed at once.
    expect(statuses).toEqual([...Array(PER_CLIENT).fill(503), ...Array(IN_FLIGHT - PER_CLIENT).fill(504)]);
    expect(heldAtApi()).toBe(PER_CLIENT);
  });
});
