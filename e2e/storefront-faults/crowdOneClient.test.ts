// Session 25, hostile: one client against the bound of pages in flight (session 24). The storefront answers the German
// 503 page above it; one client asking for pages the API is slow to read (here: searches, held by the relay, as a
// search the API works hardest on or a 100-line cart would be slow) held every slot, so the next shopper got the
// maintenance page. Now that client's pages above its own bound are shed and the shopper's product page is served.
// Behind a proxy (TRUST_PROXY) the client is the address the proxy names; no timings are asserted.
// Session 25, hostilefix: the bound holds only while the shop is busy (half its slots in flight): shoppers behind one
// carrier NAT address are served in an idle shop. A port the proxy adds to the address names the same client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelayedShop, startRelayedShop } from './relayedShop';

const IN_FLIGHT = 8;
const PER_CLIENT = 2;
/** Half the slots: from here on a client's pages above PER_CLIENT are shed. */
const BUSY = IN_FLIGHT / 2;
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

/** Holds the API's searches from now on; answers how many reached it since. */
function holdSearches() {
  world.relay.mode = 'hold';
  world.relay.affects = (url) => url.startsWith(SEARCH_READ);
  const from = world.relay.recorded.length;
  return () => world.relay.recorded.slice(from).filter((r) => r.url.startsWith(SEARCH_READ)).length;
}

function passAll() {
  world.relay.mode = 'pass';
  world.relay.affects = undefined;
}

/** Waits (bounded) until `count()` reaches `target`; the caller asserts the count. */
async function reaches(count: () => number, target: number) {
  for (let i = 0; i < 250 && count() < target; i++) await new Promise((done) => setTimeout(done, 20));
}

describe('one client asking for slow pages', () => {
  it("gets the maintenance page for its own pages above its bound once the shop is busy, and another shopper's page is served", async () => {
    const heldAtApi = holdSearches();
    // Each page from another source port, as Azure Application Gateway names the client: still one client.
    const greedy = Array.from({ length: IN_FLIGHT }, (_, i) =>
      page(`/suche?q=kennzeichen+${i}`, `203.0.113.7:${51_000 + i}`),
    );
    await reaches(heldAtApi, BUSY);

    const shopper = await page('/funschild', '198.51.100.9');
    expect(shopper.status).toBe(200);
    expect(shopper.body).toContain('Funschild');

    passAll();
    const statuses = (await Promise.all(greedy)).map((answer) => answer.status).sort();
    // Its pages until the shop was busy waited for the API (504 at the page's deadline), the rest were shed at once.
    expect(statuses).toEqual([...Array(IN_FLIGHT - BUSY).fill(503), ...Array(BUSY).fill(504)]);
    expect(heldAtApi()).toBe(BUSY);
  });

  it('serves shoppers behind one carrier NAT address more pages than the bound while the shop is idle', async () => {
    const heldAtApi = holdSearches();
    // Before, the third page of one address was shed with 6 of 8 slots free.
    const nat = Array.from({ length: BUSY }, (_, i) => page(`/suche?q=schild+${i}`, '203.0.113.8'));
    await reaches(heldAtApi, BUSY);
    expect(heldAtApi()).toBe(BUSY);
    passAll();
    expect((await Promise.all(nat)).map((answer) => answer.status)).toEqual(Array(BUSY).fill(504));
  });
});
