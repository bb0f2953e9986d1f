// Starts the product for the storefront's browser tests: the real API (fresh in-memory database) and the built
// storefront against it, plus Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import type { RunningStorefront, StorefrontOptions } from '../../packages/storefront/server/index';
import { startApiAndShop } from '../support/apiAndShop';
import { launchBrowser } from '../support/browser';
import { waitForHydration } from '../support/hydration';

const storefrontDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'storefront');

/** The storefront must be built (client bundle + SSR module); the root test runner builds first anyway. */
export function ensureStorefrontBuilt(): void {
  if (existsSync(join(storefrontDir, 'dist', 'server', 'entry-server.js'))) return;
  const result = spawnSync('pnpm', ['run', 'build'], { cwd: storefrontDir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Building the storefront failed.');
}

export interface StorefrontWorld {
  apiUrl: string;
  shop: RunningStorefront;
  browser: Browser;
  /**
   * Opens a page that records console errors and every request to the API; with JavaScript on, it returns once
   * the page is hydrated (clicks reach the app).
   */
  open(path: string, options?: { width?: number; javaScript?: boolean }): Promise<WatchedPage>;
  close(): Promise<void>;
}

export interface WatchedPage {
  page: Page;
  status: number | undefined;
  errors: string[];
  apiRequests: string[];
}

export async function startStorefrontWorld(
  options: { browser?: boolean; shop?: StorefrontOptions } = {},
): Promise<StorefrontWorld> {
  ensureStorefrontBuilt();
  // The API answers the shop's origin with CORS, as a configured production API does (the editor's pictures).
  const { api, shop } = await startApiAndShop({ shop: options.shop });
  const browser = options.browser === false ? (undefined as unknown as Browser) : await launchBrowser();
  return {
    apiUrl: api.url,
    shop,
    browser,
    async open(path, { width = 1280, javaScript = true } = {}) {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        javaScriptEnabled: javaScript,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      const apiRequests: string[] = [];
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/'))
          apiRequests.push(`${request.method()} ${request.url()}`);
      });
      // The context goes with its page; after the browser closed that rejects, which is fine.
      page.on('close', () => void context.close().catch(() => undefined));
      const response = await page.goto(`${shop.url}${path}`, { waitUntil: 'networkidle' });
      if (javaScript) await waitForHydration(page);
      return { page, status: response?.status(), errors, apiRequests };
    },
    async close() {
      await browser?.close();
      await shop.close();
      await api.close();
    },
  };
}
