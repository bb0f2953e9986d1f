// Session 11 privacy audit: the widget on a dealer's page is the shop's code in the dealer's origin. It keeps only
// the cart's guid there, sets no cookie, tracks nothing (no data layer of the dealer's is filled without the
// shopper's consent), and talks only to the shop and its API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DealerWorld, startDealerWorld } from '../widget/dealerWorld';

let world: DealerWorld;
beforeAll(async () => {
  world = await startDealerWorld();
}, 120_000);
afterAll(async () => {
  await world?.close();
});

describe('the widget on a dealer page (session 11)', () => {
  it('stores only the cart guid in the dealer origin, sets no cookie, pushes no event, calls only the shop', async () => {
    const { page } = await world.open(world.dealer, '/index.html');
    const elsewhere: string[] = [];
    const allowed = [world.dealer.url, world.shop.url, world.api.url].map((origin) => new URL(origin).origin);
    page.context().on('request', (request) => {
      const url = request.url();
      if (!url.startsWith('data:') && !allowed.includes(new URL(url).origin)) elsewhere.push(url);
    });
    await page.locator('#generator input[name="kennzeichen"]').fill('B-LP 123');
    await page.locator('#generator button[type="submit"]').click();
    await page.locator('#generator a[part="cart-link"]').waitFor();
    const found = await page.evaluate(async () => ({
      local: Object.keys(localStorage),
      session: Object.keys(sessionStorage),
      indexedDb: (await indexedDB.databases()).map((db) => db.name),
      cookie: document.cookie,
      dataLayer: (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length ?? 0,
    }));
    expect(found).toEqual({ local: ['AppState'], session: [], indexedDb: [], cookie: '', dataLayer: 0 });
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('AppState'))) ?? '{}')).toEqual({
      CartGuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      orderHeaderGuid: null,
    });
    expect(await page.context().cookies()).toEqual([]);
    expect(elsewhere).toEqual([]);
    await page.close();
  });
});
