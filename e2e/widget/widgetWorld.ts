// Test world of the widget's browser tests: the real API, the BUILT script-tag bundle on its own origin, and the
// example pages on further origins (URLs rewritten to the random ports).
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApi } from '@lp/api';
import { runDealerCli } from '../../packages/api/src/dealers/dealerCli';
import type { Browser } from 'playwright-core';
import { type StaticServer, launchBrowser, serveStatic } from '../support/browser';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const WIDGET_DIST = join(ROOT, 'packages/widget/dist');
export const DEALER_DIR = join(ROOT, 'examples/dealer-site');
export const WEB_COMPONENTS_DIR = join(ROOT, 'examples/web-components');
/** The shop origin the pages link to ("Zum Warenkorb"); nothing needs to listen there. */
export const SHOP_URL = 'http://shop.test';
/** The dealer id of examples/dealer-site (`data-dealer`). */
export const EXAMPLE_DEALER_ID = 'autohaus-muster';

/**
 * `lp-api dealer add … --json`, through the command's own code, on the PGlite folder an API will open next (an
 * operator stops a PGlite API before running it). Answers the printed dealer with its key.
 */
export async function registerDealer(
  dataDir: string,
  id: string,
  origins: string[],
): Promise<{ key: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const args = ['add', '--id', id, '--name', `Autohaus ${id}`, ...origins.flatMap((o) => ['--origin', o])];
  const code = await runDealerCli([...args, '--json'], {
    env: { DATA_DIR: dataDir },
    output: { out: (text) => out.push(text), err: (text) => err.push(text) },
  });
  if (code !== 0) throw new Error(`dealer add failed (${code}): ${err.join('\n')}`);
  return JSON.parse(out.join('\n')) as { key: string };
}

/** Builds the widget when dist is missing (the root test runner builds first). */
export function ensureWidgetBuilt(): void {
  if (existsSync(join(WIDGET_DIST, 'lp-widget.js'))) return;
  execSync('pnpm --filter @lp/widget build', { cwd: ROOT, stdio: 'inherit' });
}

/** Points an example page at the test's servers instead of the default local ports. */
export function rewriteUrls(html: string, urls: { widget: string; api: string }): string {
  return html
    .replaceAll('http://127.0.0.1:3000/widget', urls.widget)
    .replaceAll('http://127.0.0.1:4000', urls.api)
    .replaceAll('http://127.0.0.1:3000', SHOP_URL);
}

/** A page that only embeds the widget, for comparison with the hostile dealer page. */
export function plainPage(urls: { widget: string; api: string }, body: string): string {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Plain</title>
<script src="${urls.widget}/lp-widget.js" data-api="${urls.api}" data-company="lp-de" data-shop-url="${SHOP_URL}" async></script>
</head><body><main>${body}</main></body></html>`;
}

export interface WidgetWorld {
  browser: Browser;
  api: { url: string };
  widget: StaticServer;
  dealer: StaticServer;
  examples: StaticServer;
  /** Pages served by `dealer` under a path, e.g. `/plain.html`; add more before visiting them. */
  dealerPages: Record<string, string>;
  close(): Promise<void>;
}

export interface WorldOptions {
  /** Extra headers on the dealer origin (CSP). */
  dealerHeaders?: Record<string, string>;
}

export async function startWidgetWorld(options: WorldOptions = {}): Promise<WidgetWorld> {
  ensureWidgetBuilt();
  const dealerPages: Record<string, string> = {};
  const examplePages: Record<string, string> = {};
  const [widget, dealer, examples, browser] = await Promise.all([
    serveStatic(WIDGET_DIST, { headers: { 'Access-Control-Allow-Origin': '*' } }),
    serveStatic(DEALER_DIR, {
      pages: dealerPages,
      ...(options.dealerHeaders ? { headers: options.dealerHeaders } : {}),
    }),
    serveStatic(WEB_COMPONENTS_DIR, { pages: examplePages }),
    launchBrowser(),
  ]);
  // The example dealer page names its dealer id: registered (with its origin) as the shop's operator would.
  const dataDir = mkdtempSync(join(tmpdir(), 'lp-widget-world-'));
  await registerDealer(dataDir, EXAMPLE_DEALER_ID, [dealer.url]);
  const api = await startApi({ port: 0, dataDir, rateLimit: false, corsOrigins: [examples.url] });
  const urls = { widget: widget.url, api: api.url };
  const dealerHtml = rewriteUrls(readFileSync(join(DEALER_DIR, 'index.html'), 'utf8'), urls);
  dealerPages['/'] = dealerHtml;
  dealerPages['/index.html'] = dealerHtml;
  examplePages['/index.html'] = rewriteUrls(
    readFileSync(join(WEB_COMPONENTS_DIR, 'index.html'), 'utf8'),
    urls,
  );
  return {
    browser,
    api,
    widget,
    dealer,
    examples,
    dealerPages,
    async close() {
      await browser.close();
      await Promise.all([api.close(), widget.close(), dealer.close(), examples.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
