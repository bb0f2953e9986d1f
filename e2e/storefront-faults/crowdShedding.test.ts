// Black Friday (session 24): a crowd beyond what the storefront renders in time. The pages above the bound of pages
// in flight get the German maintenance page (503, Retry-After, no-store) at once, instead of queueing behind the
// others until every page misses the API deadline; once the crowd has gone the shop serves pages again, no restart.
// The pages in flight are held at the API (a relay holds the one call every page makes), so the test needs no
// crowd and asserts no timings: the shed answer arrives while the held pages are still waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelayedShop, startRelayedShop } from './relayedShop';

const IN_FLIGHT = 3;
// The one read of every page's layout (the articles of the menus); the catalogue is kept by the server.
const LAYOUT_READ = '/api/v1/get-list';

let world: RelayedShop;
beforeAll(async () => {
  world = await startRelayedShop({
    env: {},
    apiTimeoutMs: 3000,
    maxPagesInFlight: IN_FLIGHT,
  });
});
afterAll(async () => {
  await world?.close();
});

const page = async (path: string) => {
  const response = await fetch(`${world.shop.url}${path}`);
  return { status: response.status, headers: response.headers, body: await response.text() };
};

describe('a crowd beyond the pages the storefront renders at once', () => {
  it('answers the pages above the bound at once with the German maintenance page, then serves the shop again', async () => {
    world.relay.mode = 'pass';
    expect((await page('/funschild')).status).toBe(200);

    world.relay.mode = 'hold';
    world.relay.affects = (url) => url.startsWith(LAYOUT_READ);
    const heldFrom = world.relay.recorded.length;
    let heldSettled = false;
    const held = Promise.all(['/', '/funschild', '/kategorie/funschilder'].map((path) => page(path))).finally(
      () => {
        heldSettled = true;
      },
    );
    const heldAtApi = () =>
      world.relay.recorded.slice(heldFrom).filter((r) => r.url.startsWith(LAYOUT_READ)).length;
    while (heldAtApi() < IN_FLIGHT) await new Promise((done) => setTimeout(done, 20));

    const shed = await page('/funschild');
    expect(heldSettled).toBe(false);
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(shed.headers.get('cache-control')).toBe('no-store');
    expect(shed.body).toMatch(/^<!doctype html><html lang="de">/);
    expect(shed.body).toContain('<h1>Gerade ist sehr viel los</h1>');
    expect(shed.body).toContain('Der Shop ist im Moment stark ausgelastet.');
    // The shed page asked nothing of the API.
    expect(heldAtApi()).toBe(IN_FLIGHT);

    // The crowd leaves: the held pages end at their bounded wait, and the next shopper gets the page.
    world.relay.mode = 'pass';
    world.relay.affects = undefined;
    expect((await held).map((answer) => answer.status)).toEqual([504, 504, 504]);
    const after = await page('/funschild');
    expect(after.status).toBe(200);
    expect(after.body).toContain('Funschild');
  });
});
