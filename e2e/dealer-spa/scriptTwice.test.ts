// Session 12: the widget's tag twice on one page (a CMS template and the page both include it), or two versions
// (the pinned tag of one deployment and a template with another). Defining a custom element twice throws in the
// browser; the first copy must keep the page: its elements, its settings, its version, its chunks.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_URL } from '../widget/widgetWorld';
import { DEALER_ID, type SpaWorld, startSpaWorld, watchPage } from './dealerSpaWorld';

let world: SpaWorld;
/** The version the first tag's build reports (packages/widget/package.json; src/version.ts agrees, the build checks). */
const { version } = JSON.parse(
  readFileSync(new URL('../../packages/widget/package.json', import.meta.url), 'utf8'),
) as { version: string };

beforeAll(async () => {
  world = await startSpaWorld();
});
afterAll(async () => {
  await world?.close();
});

const counter = '<script src="/count-ready.js"></script>';
const body = `<lp-cart-button id="badge"></lp-cart-button>
<lp-plate-generator id="generator" kennzeichen="B-AB 123"></lp-plate-generator>
<button id="open-editor" type="button">Halter bedrucken</button>
<script src="/open-editor.js"></script>`;

describe('the widget tag twice on one page', () => {
  beforeAll(() => {
    // Before the widget's tags in <head>: counts the lp-ready events.
    world.pages['/count-ready.js'] = {
      type: 'text/javascript',
      body: `window.readyEvents = 0;
document.addEventListener('lp-ready', () => { window.readyEvents += 1; });`,
    };
    world.pages['/open-editor.js'] = {
      type: 'text/javascript',
      body: `document.getElementById('open-editor').addEventListener('click', () => document.body.append(document.createElement('lp-print-editor')));`,
    };
  });

  // Guard (worked when written): the guide calls a second identical tag harmless.
  it('the same tag twice: nothing throws, one lp-ready, one cart, one add', async () => {
    world.pages['/twice.html'] = {
      body: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Zweimal</title>${counter}${world.tag()}${world.tag()}</head><body>${body}</body></html>`,
    };
    const page = await world.browser.newPage();
    const problems = await watchPage(page);
    const adds: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /addCartItem/i.test(request.url())) adds.push(request.url());
    });
    await page.goto(`${world.dealer}/twice.html`);
    const generator = page.locator('#generator');
    await generator.locator('.preview svg title').waitFor({ state: 'attached' });
    await generator.locator('button[type="submit"]').click();
    await generator.locator('a[part="cart-link"]').waitFor();
    await expect.poll(() => page.locator('#badge [part="count"]').textContent()).toBe('2');
    await expect.poll(() => adds.length).toBe(1);
    await page.waitForLoadState('networkidle');
    expect(adds).toHaveLength(1);
    expect(await page.evaluate(() => (window as unknown as { readyEvents: number }).readyEvents)).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  // Fixed in session 12: the second copy put its own data-* over the first's (the badge linked to the second tag's
  // shop, a second dealer id took over the page's adds), LpWidget.version named the second copy although the
  // first's elements ran, and <lp-print-editor> loaded lp-editor.js once from each copy's folder.
  it('two versions: the first keeps its shop URL, dealer, version and chunks; the editor chunk loads once', async () => {
    const other = await world.otherVersion('9.9.9');
    world.pages['/two-versions.html'] = {
      // The first tag without `async`, so it surely runs first (of two async tags, whichever arrives first runs).
      body: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Zwei Versionen</title>${counter}${world.tag().replace(' async>', '>')}
<script src="${other}/lp-widget.js" data-api="${world.api.url}" data-shop-url="https://anderer-shop.example" data-dealer="jemand-anderes" async></script>
</head><body>${body}</body></html>`,
    };
    const page = await world.browser.newPage();
    const problems = await watchPage(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const adds: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /addCartItem/i.test(request.url()))
        adds.push(request.postData() ?? '');
    });
    await page.goto(`${world.dealer}/two-versions.html`);
    // Both tags have run once the second one's file is in.
    await expect.poll(() => scripts.includes(`${other}/lp-widget.js`)).toBe(true);
    await page.waitForFunction(() => document.readyState === 'complete');
    expect(
      await page.evaluate(() => (window as unknown as { LpWidget: { version: string } }).LpWidget.version),
    ).toBe(version);
    expect(await page.evaluate(() => (window as unknown as { readyEvents: number }).readyEvents)).toBe(1);
    const generator = page.locator('#generator');
    await generator.locator('.preview svg title').waitFor({ state: 'attached' });
    await generator.locator('button[type="submit"]').click();
    await generator.locator('a[part="cart-link"]').waitFor();
    expect(await page.locator('#badge a').getAttribute('href')).toMatch(
      new RegExp(`^${SHOP_URL}/cart\\?cartGuid=`),
    );
    await expect.poll(() => adds.map((add) => JSON.parse(add).dealer)).toEqual([DEALER_ID]);

    await page.click('#open-editor');
    await page.locator('lp-print-editor canvas').first().waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    const editorChunks = scripts.filter((url) => url.endsWith('/lp-editor.js'));
    expect(editorChunks).toEqual([`${world.widget.url}/lp-editor.js`]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
