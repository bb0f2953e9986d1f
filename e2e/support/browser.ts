// Shared browser-test helpers: Debian's Chromium through playwright-core, and a static file server.
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, type LaunchOptions, type Page, chromium } from 'playwright-core';
import sirv from 'sirv';
import { guardHydration } from './hydrationGuard';

/** Where Chromium lives (Playwright's own download is not reachable here); `CHROME_PATH` overrides. */
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Flags for headless Chromium in containers and CI (common brief). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Starts headless Chromium. Close it in `afterAll`. Its pages are watched for hydration mismatches: one reported
 * during a test fails that test (./hydrationGuard).
 *
 * @example
 * const browser = await launchBrowser();
 * const page = await browser.newPage();
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    ...options,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
  });
  return guardHydration(browser);
}

/** Options of {@link serveStatic}. */
export interface ServeStaticOptions {
  /** @default 0 (a free port) */
  port?: number;
  /** Added to every response (CSP, CORS ...). */
  headers?: Record<string, string>;
  /** Paths answered with this HTML instead of a file (pages whose URLs a test rewrites). */
  pages?: Record<string, string>;
}

export interface StaticServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a folder on 127.0.0.1 with sirv (no caching, so rebuilt files are seen).
 *
 * @example
 * const site = await serveStatic('examples/dealer-site', { headers: { 'Content-Security-Policy': "default-src 'self'" } });
 * await page.goto(`${site.url}/index.html`);
 * await site.close();
 */
export async function serveStatic(dir: string, options: ServeStaticOptions = {}): Promise<StaticServer> {
  const files = sirv(dir, { dev: true, dotfiles: false });
  const extra = options.headers ?? {};
  const pages = options.pages ?? {};
  return listen((req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const page = pages[path];
    if (page !== undefined) {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(page);
      return;
    }
    files(req, res, () => {
      res.statusCode = 404;
      res.end('Not found');
    });
  }, options.port);
}

/**
 * Starts `handler` on 127.0.0.1 at `port` (a free one by default): its URL, and a close
 * that ends kept-alive connections too (Chromium keeps them open).
 *
 * @example
 * const site = await listen((req, res) => res.end('ok'));
 */
export async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  port = 0,
): Promise<StaticServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Collects what a developer would see go wrong on a page: uncaught errors, console errors and failed responses
 * (4xx/5xx), into `problems`. Answers the page.
 *
 * @example
 * const problems: string[] = [];
 * const page = watchProblems(await browser.newPage(), problems);
 * expect(problems).toEqual([]);
 */
export function watchProblems(page: Page, problems: string[]): Page {
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  return page;
}

/**
 * The quantities of the cart the page keeps in its app state (spec 3 `AppState.CartGuid`), read from the API, not
 * from what the page shows: what the shop really stored.
 */
export async function storedCartQuantities(page: Page, apiUrl: string): Promise<number[]> {
  const cartGuid = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('AppState') ?? '{}') as { CartGuid?: string }).CartGuid,
  );
  const response = await fetch(`${apiUrl}/api/Cart/getCart`, { headers: { CartGuid: cartGuid ?? '' } });
  const cart = (await response.json()) as { items: { quantity: number }[] | null };
  return (cart.items ?? []).map((line) => line.quantity);
}
