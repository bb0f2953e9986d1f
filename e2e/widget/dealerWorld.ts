// Test world of the dealer embed (issue 12) as a dealer meets it: the operator registers the dealer with the CLI
// command's code (`lp-api dealer add`), the real API reads dealers and their origins from its database (PGlite in
// a temp folder), the real built storefront serves the widget under /widget/<version>/ with its manifest and takes
// the cart over on /cart, and the dealer's example pages run on a second origin under the guide's
// Content-Security-Policy, sent as a header, with the pinned tag carrying its `integrity` hash.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningApi, startApi } from '@lp/api';
import type { Browser, Page } from 'playwright-core';
import { widgetContentSecurityPolicy } from '../../examples/dealer-site/contentSecurityPolicy.mjs';
import { type RunningStorefront, startStorefront } from '../../packages/storefront/server/index';
import { type StaticServer, launchBrowser, serveStatic } from '../support/browser';
import { ensureStorefrontBuilt } from '../storefront/storefrontWorld';
import { DEALER_DIR, EXAMPLE_DEALER_ID, ROOT, ensureWidgetBuilt, registerDealer } from './widgetWorld';

export const DEALER_ID = EXAMPLE_DEALER_ID;
export const OTHER_DEALER_ID = 'autohaus-zweit';

export interface DealerWorld {
  browser: Browser;
  api: RunningApi;
  shop: RunningStorefront;
  /** The registered dealer's site (origin allowed for DEALER_ID). */
  dealer: StaticServer;
  /** The same pages on an origin nobody registered. */
  stranger: StaticServer;
  /** Dealer keys as the CLI printed them. */
  keys: Record<string, string>;
  /** Pages both servers answer with (path -> HTML); add more before visiting them. */
  pages: Record<string, string>;
  /** The policy both page servers send. */
  policy: string;
  /** `<shop>/widget/<version>/lp-widget.js` and its sha384 from the published manifest. */
  widget: { url: string; integrity: string };
  /** Opens a page of the dealer site and records CSP violations and console output. */
  open(server: StaticServer, path: string, options?: { width?: number }): Promise<WatchedDealerPage>;
  close(): Promise<void>;
}

export interface WatchedDealerPage {
  page: Page;
  /** `securitypolicyviolation` events and console lines that report a refused resource. */
  violations: string[];
  console: string[];
}

/** The example page as a dealer pins it: the versioned URL with `integrity`, the servers' real origins. */
export function pinnedPage(
  html: string,
  urls: { widget: string; integrity: string; api: string; shop: string },
) {
  return html
    .replace(
      'src="http://127.0.0.1:3000/widget/lp-widget.js"',
      `src="${urls.widget}"\n      integrity="${urls.integrity}"`,
    )
    .replaceAll('http://127.0.0.1:4000', urls.api)
    .replaceAll('http://127.0.0.1:3000', urls.shop);
}

export async function startDealerWorld(): Promise<DealerWorld> {
  ensureWidgetBuilt();
  ensureStorefrontBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'lp-dealer-world-'));
  const pages: Record<string, string> = {};
  // Filled in once the origins are known (the same object is sent with every answer).
  const headers: Record<string, string> = {};
  const [dealer, stranger, browser] = await Promise.all([
    serveStatic(DEALER_DIR, { pages, headers }),
    serveStatic(DEALER_DIR, { pages, headers }),
    launchBrowser(),
  ]);
  const keys = {
    [DEALER_ID]: (await registerDealer(dataDir, DEALER_ID, [dealer.url])).key,
    [OTHER_DEALER_ID]: (await registerDealer(dataDir, OTHER_DEALER_ID, ['https://autohaus-zweit.example']))
      .key,
  };
  // No configured origins: the dealer's page may call the API only because the operator registered it.
  const api = await startApi({ port: 0, dataDir, rateLimit: false, corsOrigins: [] });
  const shop = await startStorefront({ port: 0, apiUrl: api.url, env: {} });
  const { version } = JSON.parse(readFileSync(join(ROOT, 'packages/widget/package.json'), 'utf8')) as {
    version: string;
  };
  const manifest = (await (await fetch(`${shop.url}/widget/${version}/manifest.json`)).json()) as {
    files: Record<string, { integrity: string }>;
  };
  const widget = {
    url: `${shop.url}/widget/${version}/lp-widget.js`,
    integrity: manifest.files['lp-widget.js']?.integrity ?? '',
  };
  const policy = widgetContentSecurityPolicy({ shop: shop.url, api: api.url });
  headers['Content-Security-Policy'] = policy;
  const urls = { widget: widget.url, integrity: widget.integrity, api: api.url, shop: shop.url };
  for (const file of ['index.html', 'schilderhalter.html']) {
    pages[`/${file}`] = pinnedPage(readFileSync(join(DEALER_DIR, file), 'utf8'), urls);
  }
  pages['/'] = pages['/index.html'] ?? '';

  return {
    browser,
    api,
    shop,
    dealer,
    stranger,
    keys,
    pages,
    policy,
    widget,
    async open(server, path, { width = 1100 } = {}) {
      // A context of its own (axe needs one), closed with its page.
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      page.on('close', () => void context.close().catch(() => undefined));
      const violations: string[] = [];
      const lines: string[] = [];
      page.on('console', (message) => {
        lines.push(message.text());
        if (/Content Security Policy|Refused to|integrity/i.test(message.text()))
          violations.push(message.text());
      });
      page.on('pageerror', (error) => violations.push(`pageerror: ${error.message}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`Refused to ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await page.goto(`${server.url}${path}`);
      return { page, violations, console: lines };
    },
    async close() {
      await browser.close();
      await Promise.all([shop.close(), dealer.close(), stranger.close()]);
      await api.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
