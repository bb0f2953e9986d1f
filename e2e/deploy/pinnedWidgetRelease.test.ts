// A dealer page pins the widget's version in its script tag (/widget/<version>/lp-widget.js, the recommended tag);
// then the shop releases a new widget version (session 23, deployday). Before, /widget/<old version>/ answered 404
// from that moment: a shopper on the dealer page got no plate generator (lp-widget.js gone), or, with lp-widget.js
// in the browser's cache, a generator whose lazy chunk lp-plates.js was gone ("Das Produkt konnte nicht geladen
// werden. Bitte versuchen Sie es später erneut.", and trying again could not help). With the previous release's
// widget kept in LP_WIDGET_RELEASES, the pinned tag keeps its version's files, lazy chunks included.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningStorefront, startStorefront } from '../../packages/storefront/server/index';
import { ensureStorefrontBuilt } from '../storefront/storefrontWorld';
import { SHOP_URL, WIDGET_DIST, type WidgetWorld, startWidgetWorld } from '../widget/widgetWorld';

/** The version the dealer's tag pins: an earlier release's, kept as the operator's docs say. */
const PINNED = '0.0.9';

let world: WidgetWorld;
let shop: RunningStorefront;
const releases = mkdtempSync(join(tmpdir(), 'lp-widget-releases-'));

beforeAll(async () => {
  ensureStorefrontBuilt();
  world = await startWidgetWorld();
  // The earlier release's widget build (here the current files, under the earlier version's folder).
  cpSync(WIDGET_DIST, join(releases, PINNED), { recursive: true });
  shop = await startStorefront({
    port: 0,
    apiUrl: world.api.url,
    env: { LP_WIDGET_RELEASES: releases },
  });
  world.dealerPages['/pinned.html'] =
    `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Autohaus</title>
<script src="${shop.url}/widget/${PINNED}/lp-widget.js" data-api="${world.api.url}" data-company="lp-de" data-shop-url="${SHOP_URL}" async></script>
</head><body><main><h1>Kennzeichen</h1><lp-plate-generator id="generator"></lp-plate-generator></main></body></html>`;
}, 120_000);
afterAll(async () => {
  await shop?.close();
  await world?.close();
  rmSync(releases, { recursive: true, force: true });
});

describe('a dealer page pinned to the previous widget version, after a release', () => {
  it('shows the plate generator with its plate picture from the pinned version', async () => {
    const page = await world.browser.newPage({ viewport: { width: 1024, height: 900 } });
    const failed: string[] = [];
    page.on(
      'response',
      (response) => response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`),
    );
    const chunk = page.waitForResponse((response) =>
      response.url().endsWith(`/widget/${PINNED}/lp-plates.js`),
    );
    chunk.catch(() => undefined); // awaited below; a page without the widget must not leave it unhandled
    await page.goto(`${world.dealer.url}/pinned.html`);
    await page.locator('#generator input[name="kennzeichen"]').fill('B-AB 123');
    expect((await chunk).status()).toBe(200);
    const title = page.locator('#generator .preview svg title');
    await title.waitFor({ state: 'attached', timeout: 30_000 });
    expect(await title.textContent()).toBe('B-AB 123');
    expect(failed).toEqual([]);
    await page.close();
  }, 60_000);
});
