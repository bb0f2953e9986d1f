// The dealer guides' HTML samples as a dealer pastes them: every html block of the guides a dealer follows, with the
// guide's own listener files (`js` blocks headed `// /js/….js`), served from the dealer's origin under the guide's
// Content-Security-Policy, with only the example origins replaced (shop.example.de, api.example.de). The docs test
// (e2e/contract/docs.test.ts) runs the same blocks without a policy and with any origin it can map; here a sample
// that needs 'unsafe-inline', loads the widget from somewhere the shop does not serve it, or leaves the cart hand-off
// on the dealer's own site fails as it would fail the dealer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningApi, startApi } from '@lp/api';
import type { Browser } from 'playwright-core';
import sirv from 'sirv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetContentSecurityPolicy } from '../../examples/dealer-site/contentSecurityPolicy.mjs';
import { type DocBlock, markedNoRun, readDocBlocks } from '../contract/docsBlocks';
import { type StaticServer, launchBrowser, listen } from '../support/browser';
import { ROOT, WIDGET_DIST, ensureWidgetBuilt, registerDealer } from './widgetWorld';

/** The guides a dealer follows to put the widget on a page. */
const GUIDES = [
  'learn/embed-the-widget.md',
  'learn/print-editor-for-dealers.md',
  'reference/print-editor.md',
];
/** The dealer id the guides' tags carry. */
const GUIDE_DEALER = 'autohaus-meyer';

const blocks = readDocBlocks(join(ROOT, 'docs')).filter((block) =>
  GUIDES.some((guide) => block.file.endsWith(guide)),
);
const htmlBlocks = blocks.filter((block) => block.lang === 'html' && !markedNoRun(block));
/** The guides' listener files: a js block whose first line names its path (`// /js/dealer.js`). */
const scripts = new Map(
  blocks.flatMap((block) => {
    const path = /^\/\/ (\/\S+\.js)\b/.exec(block.code)?.[1];
    return block.lang === 'js' && path ? [[path, block.code] as const] : [];
  }),
);

/** A block's page: `html continues` blocks append to the html block before them in the same file. */
function pageHtml(block: DocBlock): string {
  if (block.info !== 'continues') return block.code;
  const before = htmlBlocks.filter((other) => other.file === block.file);
  const previous = before[before.indexOf(block) - 1];
  if (!previous) throw new Error(`${block.name} continues no html block`);
  return `${pageHtml(previous)}\n${block.code}`;
}

/** What the script tag defines on the page (docs/reference/elements.md, "Script tag: window.LpWidget"). */
type PageWindow = { LpWidget?: { ready: Promise<unknown>; cart: { handoffUrl: string } } };

let browser: Browser;
let api: RunningApi;
let shop: StaticServer;
let dealer: StaticServer;
let dataDir: string;
const pages = new Map<string, string>();
const headers: Record<string, string> = {};

/** The guide's example origins, pointed at this test's servers; nothing else is rewritten. */
const localise = (code: string) =>
  code.replaceAll(/https:\/\/shop\.example\.de/g, shop.url).replaceAll('https://api.example.de', api.url);

beforeAll(async () => {
  ensureWidgetBuilt();
  // The shop: the widget's build under /widget/ (latest) and /widget/<version>/ (pinned), readable from any origin.
  const widget = sirv(WIDGET_DIST, { dev: true });
  shop = await listen((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const inWidget = /^\/widget(?:\/\d+\.\d+\.\d+)?(\/.*)$/.exec(path);
    if (!inWidget) {
      res.statusCode = 404;
      res.end();
      return;
    }
    req.url = inWidget[1];
    widget(req, res, () => {
      res.statusCode = 404;
      res.end();
    });
  });
  // The dealer's site: the pages and the listener files, every answer with the policy header.
  dealer = await listen((req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const page = pages.get(path);
    const script = scripts.get(path);
    if (page !== undefined) res.setHeader('Content-Type', 'text/html; charset=utf-8');
    else if (script !== undefined) res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    else res.statusCode = path === '/favicon.ico' ? 204 : 404;
    res.end(page ?? (script !== undefined ? localise(script) : ''));
  });
  // As the shop's operator would: the guides' dealer id, registered for the dealer's origin; no CORS_ORIGINS.
  dataDir = mkdtempSync(join(tmpdir(), 'lp-dealer-guides-'));
  await registerDealer(dataDir, GUIDE_DEALER, [dealer.url]);
  [api, browser] = await Promise.all([
    startApi({ port: 0, dataDir, rateLimit: false, corsOrigins: [] }),
    launchBrowser(),
  ]);
  headers['Content-Security-Policy'] = widgetContentSecurityPolicy({ shop: shop.url, api: api.url });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([api?.close(), shop?.close(), dealer?.close()]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("the dealer guides' HTML samples, pasted into a page under the guide's CSP", () => {
  it('finds the samples and their listener files', () => {
    expect(htmlBlocks.length).toBeGreaterThanOrEqual(5);
    expect([...scripts.keys()]).toEqual(expect.arrayContaining(['/js/dealer.js', '/js/print-editor.js']));
  });

  it.each(htmlBlocks.map((block) => [block.name, block] as const))('%s', async (_name, block) => {
    const html = localise(pageHtml(block));
    const path = `/${block.name.replace(/[^\w]+/g, '-')}.html`;
    pages.set(
      path,
      `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${block.name}</title></head>
<body>${html}</body></html>`,
    );
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || /Refused to|Content Security Policy/i.test(message.text()))
        problems.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`Refused to ${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    try {
      await page.goto(`${dealer.url}${path}`);
      // What the dealer waits for: the widget's elements defined (the tag loaded from the shop) and drawn.
      await page.waitForFunction(() => (window as PageWindow).LpWidget?.ready !== undefined, undefined, {
        timeout: 20_000,
      });
      await page.evaluate(() => (window as PageWindow).LpWidget?.ready);
      // <lp-print-editor> is defined when its chunk has loaded, a moment after `ready`: waited for, bounded.
      const undefinedTags = await page.evaluate(async () => {
        const tags = [...document.querySelectorAll('*')]
          .map((element) => element.localName)
          .filter((tag) => tag.startsWith('lp-'));
        await Promise.race([
          Promise.all(tags.map((tag) => customElements.whenDefined(tag))),
          new Promise((resolve) => setTimeout(resolve, 10_000)),
        ]);
        return tags.filter((tag) => !customElements.get(tag));
      });
      expect(undefinedTags).toEqual([]);
      // Every element that adds to the cart credits the guide's dealer (the tag's data-dealer or its own attribute).
      await page.waitForLoadState('networkidle');
      const uncredited = await page.evaluate(
        (id) =>
          [...document.querySelectorAll('lp-plate-generator, lp-print-editor')]
            .filter(
              (element) =>
                element.getAttribute('dealer') !== id &&
                !document.querySelector(`script[src*="lp-widget"][data-dealer="${id}"]`),
            )
            .map((element) => element.localName),
        GUIDE_DEALER,
      );
      expect(uncredited).toEqual([]);
      // A page that shows or follows the cart hands it over to the shop, not to a /cart of its own.
      const scriptsOfPage = [...html.matchAll(/src="(\/js\/[^"]+)"/g)].map(
        (match) => scripts.get(match[1]!) ?? '',
      );
      if (/lp-cart-button|\.cart\b|handoffUrl/.test([html, ...scriptsOfPage].join('\n'))) {
        const handoff = await page.evaluate(() => (window as PageWindow).LpWidget?.cart.handoffUrl);
        expect(handoff?.startsWith(`${shop.url}/cart`)).toBe(true);
      }
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
