// Session 12: a dealer whose site is a React 19 single-page app: `@lp/react` under <StrictMode> (development
// build: every effect runs, is cleaned up and runs again), routes that mount and unmount the generator, and the
// widget registered from a route component. The app is bundled here from the packages' sources with esbuild.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpaWorld, bundleReactApp, heapProbe, startSpaWorld, watchPage } from './dealerSpaWorld';

let world: SpaWorld;

// `setRoute` is the router: a state the test drives as a shopper's clicks would.
const app = `
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { LpPlateGenerator, LpProvider, useCart } from './src/index.ts';
import { defineElements } from '@lp/widget';

const w = window;
w.added = [];

function Header() {
  return <p id="count">{useCart((cart) => cart.count)}</p>;
}

function PlatePage() {
  // Registering on the route (a code-split route module would): safe to call on every visit.
  useEffect(() => defineElements(), []);
  return <LpPlateGenerator id="generator" kennzeichen="B-AB 123" onAddToCart={(event) => w.added.push(event.detail.count)} />;
}

function App() {
  const [route, setRoute] = useState('plate');
  w.setRoute = setRoute;
  return (
    <>
      <Header />
      {route === 'plate' ? <PlatePage /> : <h1>Start</h1>}
    </>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <LpProvider options={{ baseUrl: w.API, dealer: 'autohaus-spa' }}>
      <App />
    </LpProvider>
  </StrictMode>,
);
`;

beforeAll(async () => {
  world = await startSpaWorld();
  world.pages['/app.js'] = { type: 'text/javascript', body: await bundleReactApp(app) };
  world.pages['/config.js'] = {
    type: 'text/javascript',
    body: `window.API = ${JSON.stringify(world.api.url)};`,
  };
  world.pages['/react.html'] = {
    body: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>React</title>
<script src="/config.js"></script><script type="module" src="/app.js"></script></head><body><div id="root"></div></body></html>`,
  };
});
afterAll(async () => {
  await world?.close();
});

const navigate = (page: Page, times: number) =>
  page.evaluate(async (count) => {
    const w = window as unknown as { setRoute(route: string): void };
    for (let i = 0; i < count; i++) {
      w.setRoute('home');
      await new Promise((resolve) => setTimeout(resolve, 5));
      w.setRoute('plate');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }, times);

describe('a React 19 SPA with @lp/react', () => {
  // Guard (worked when written): StrictMode's second run of every effect adds no listener and no request.
  it('under StrictMode one click adds once: one request, one lp-add-to-cart, the count 2', async () => {
    const page = await world.browser.newPage();
    const problems = await watchPage(page);
    const adds: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /addCartItem/i.test(request.url()))
        adds.push(request.postData() ?? '');
    });
    await page.goto(`${world.dealer}/react.html`);
    const generator = page.locator('#generator');
    await generator.locator('.preview svg title').waitFor({ state: 'attached' });
    await generator.locator('button[type="submit"]').click();
    await generator.locator('a[part="cart-link"]').waitFor();
    await expect.poll(() => page.locator('#count').textContent()).toBe('2');
    // The cart (and so the count and the link) can be in before the add's promise settles and the event fires.
    const added = () => page.evaluate(() => (window as unknown as { added: number[] }).added);
    await expect.poll(added).toEqual([2]);
    await page.waitForLoadState('networkidle');
    expect(await added()).toEqual([2]);
    expect(adds.map((body) => JSON.parse(body).dealer)).toEqual(['autohaus-spa']); // after networkidle above
    expect(problems).toEqual([]);
    await page.close();
  });

  // The route's listeners are guarded (worked when written); the MutationObserver part was fixed in session 12:
  // each defineElements() call added an observer over the whole document, kept until a print editor appeared.
  it('50 visits of the generator route keep one document observer, no window or document listener, no detached element', async () => {
    const page = await world.browser.newPage();
    const problems = await watchPage(page);
    await page.goto(`${world.dealer}/react.html`);
    await page.locator('#generator .preview svg title').waitFor({ state: 'attached' });
    const probe = await heapProbe(page);
    const before = { window: await probe.listeners('window'), document: await probe.listeners('document') };
    await navigate(page, 50);
    await page.evaluate(() => (window as unknown as { setRoute(route: string): void }).setRoute('home'));
    await page.waitForTimeout(200);
    expect(await probe.listeners('window')).toEqual(before.window);
    expect(await probe.listeners('document')).toEqual(before.document);
    expect(await probe.count("customElements.get('lp-plate-generator').prototype")).toBeLessThanOrEqual(1);
    // The one watcher that loads the print editor when an <lp-print-editor> appears.
    expect(await probe.count('MutationObserver.prototype')).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });
});
