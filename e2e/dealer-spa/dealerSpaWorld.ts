// Test world of the dealer-SPA and strict-policy tests (session 12): the real API, the BUILT widget on its own
// origin, and a dealer origin whose pages (and their response headers, e.g. a Content-Security-Policy) each test
// writes itself: a plain-JavaScript router, a React app bundled here with esbuild, the tag twice.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi } from '@lp/api';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { type StaticServer, launchBrowser, serveStatic } from '../support/browser';
import { ROOT, SHOP_URL, WIDGET_DIST, ensureWidgetBuilt, registerDealer } from '../widget/widgetWorld';

/**
 * The build under test: the widget's dist/, or `LP_WIDGET_DIST` (to run these tests against another build, e.g.
 * the previous commit's, and see which of them fail there).
 */
const DIST = process.env.LP_WIDGET_DIST || WIDGET_DIST;

/** The dealer id registered for the dealer origin. */
export const DEALER_ID = 'autohaus-spa';

export interface DealerPage {
  body: string;
  /** Response headers of this page only (its Content-Security-Policy). */
  headers?: Record<string, string>;
  /** @default 'text/html; charset=utf-8' */
  type?: string;
}

export interface SpaWorld {
  browser: Browser;
  api: { url: string };
  widget: StaticServer;
  /** The dealer origin, `http://127.0.0.1:<port>`. */
  dealer: string;
  /** What the dealer origin answers, by path; add pages before visiting them. */
  pages: Record<string, DealerPage>;
  /** The widget's script tag as the guide writes it (`extra`: more attributes, e.g. a nonce). */
  tag(extra?: string): string;
  /**
   * The same build under `/widget/<version>/` of another origin with another version number, as a second shop
   * deployment would serve it; answers the folder's URL.
   */
  otherVersion(version: string): Promise<string>;
  close(): Promise<void>;
}

export async function startSpaWorld(): Promise<SpaWorld> {
  ensureWidgetBuilt();
  const pages: Record<string, DealerPage> = {};
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const page = pages[new URL(req.url ?? '/', 'http://localhost').pathname];
    if (!page) {
      res.writeHead(404).end('Not found');
      return;
    }
    for (const [name, value] of Object.entries(page.headers ?? {})) res.setHeader(name, value);
    res.setHeader('Content-Type', page.type ?? 'text/html; charset=utf-8');
    res.end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dealer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The dealer is registered for its origin as the shop's operator would (no configured CORS origins).
  const dataDir = mkdtempSync(join(tmpdir(), 'lp-dealer-spa-'));
  await registerDealer(dataDir, DEALER_ID, [dealer]);
  const [widget, browser, api] = await Promise.all([
    // The shop serves the widget with `Access-Control-Allow-Origin: *` (the chunks are modules fetched with CORS).
    serveStatic(DIST, { headers: { 'Access-Control-Allow-Origin': '*' } }),
    launchBrowser(),
    startApi({ port: 0, dataDir, rateLimit: false, corsOrigins: [] }),
  ]);
  const others: { server: StaticServer; dir: string }[] = [];
  return {
    browser,
    api,
    widget,
    dealer,
    pages,
    tag: (extra = '') =>
      `<script src="${widget.url}/lp-widget.js" data-api="${api.url}" data-company="lp-de" data-shop-url="${SHOP_URL}" data-dealer="${DEALER_ID}" ${extra} async></script>`,
    async otherVersion(version) {
      const dir = mkdtempSync(join(tmpdir(), 'lp-widget-other-'));
      const folder = join(dir, 'widget', version);
      cpSync(DIST, folder, { recursive: true });
      const file = join(folder, 'lp-widget.js');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/"\d+\.\d+\.\d+"/, JSON.stringify(version)));
      const other = await serveStatic(dir, { headers: { 'Access-Control-Allow-Origin': '*' } });
      others.push({ server: other, dir });
      return `${other.url}/widget/${version}`;
    },
    async close() {
      await browser.close();
      await Promise.all([api.close(), widget.close(), ...others.map((other) => other.server.close())]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const path of [dataDir, ...others.map((other) => other.dir)])
        rmSync(path, { recursive: true, force: true });
    },
  };
}

/**
 * What a developer would see go wrong: uncaught errors, console errors, CSP and Trusted Types violations (the
 * `securitypolicyviolation` event, also for report-only parts), failed requests except the page's favicon.
 */
export async function watchPage(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/favicon|status of 404/.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico'))
      problems.push(`${response.status()} ${response.url()}`);
  });
  await page.exposeFunction('reportViolation', (text: string) => problems.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `violation: ${event.violatedDirective} ${event.blockedURI} ${event.sample}`,
      );
    });
  });
  return problems;
}

/** Heap and object counts through the DevTools protocol, after a full garbage collection. */
export interface HeapProbe {
  /** Live objects whose prototype chain holds `prototypeExpression` (e.g. `customElements.get('lp-x').prototype`). */
  count(prototypeExpression: string): Promise<number>;
  /** Used JS heap in bytes. */
  used(): Promise<number>;
  /** Event listener types registered on `targetExpression` (`window`, `document`). */
  listeners(targetExpression: string): Promise<string[]>;
}

export async function heapProbe(page: Page): Promise<HeapProbe> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const evaluate = async (expression: string) => {
    const { result } = await cdp.send('Runtime.evaluate', { expression });
    return result.objectId!;
  };
  return {
    async count(prototypeExpression) {
      await cdp.send('HeapProfiler.collectGarbage');
      const { objects } = await cdp.send('Runtime.queryObjects', {
        prototypeObjectId: await evaluate(prototypeExpression),
      });
      const { result } = await cdp.send('Runtime.callFunctionOn', {
        objectId: objects.objectId!,
        functionDeclaration: 'function () { return this.length; }',
        returnByValue: true,
      });
      return result.value as number;
    },
    async used() {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    },
    async listeners(targetExpression) {
      const { listeners } = await cdp.send('DOMDebugger.getEventListeners', {
        objectId: await evaluate(targetExpression),
      });
      return listeners.map((listener) => listener.type).sort();
    },
  };
}

/**
 * Bundles a React app (TSX source, imports `@lp/react` as `./src/index.ts` and `@lp/widget`) for the browser with
 * esbuild, React's development build (StrictMode runs effects twice there), into a module script body.
 */
export async function bundleReactApp(source: string): Promise<string> {
  const reactDir = join(ROOT, 'packages/react');
  const esbuild = createRequire(join(reactDir, 'package.json'))('esbuild') as {
    build(options: Record<string, unknown>): Promise<{ outputFiles: { text: string }[] }>;
  };
  const { outputFiles } = await esbuild.build({
    stdin: { contents: source, resolveDir: reactDir, sourcefile: 'app.tsx', loader: 'tsx' },
    bundle: true,
    write: false,
    format: 'esm',
    conditions: ['source', 'browser', 'module'],
    jsx: 'automatic',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
  });
  return outputFiles[0]!.text;
}
