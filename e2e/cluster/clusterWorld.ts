// The production topology for the cluster test: scripts/startCluster.mjs (PostgreSQL, 2 API processes,
// 2 storefront processes, nginx in front of both, the dealer example on a further origin) with the BUILT packages,
// and Chromium. Every response the browser gets through nginx is counted by the process that answered it.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type RunningCluster, startCluster } from '../../scripts/startCluster.mjs';
import { ensureStorefrontBuilt } from '../storefront/storefrontWorld';
import { presetConsent } from '../consent/consentWorld';
import { launchBrowser } from '../support/browser';
import { newWatchedPage } from '../support/watchedPage';
import { ensureWidgetBuilt } from '../widget/widgetWorld';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface ClusterWorld {
  cluster: RunningCluster;
  browser: Browser;
  /** How many responses each process gave the browser: { 'api-1': 12, 'api-2': 11, 'shop-1': 5, ... }. */
  answeredBy: Map<string, number>;
  /** What the cluster reported while it ran (a process that died). */
  reports: string[];
  /** A fresh browser context (consent given, so the banner stays away) that counts the instance headers. */
  newPage(): Promise<{ page: Page; context: BrowserContext; errors: string[] }>;
  close(): Promise<void>;
}

/**
 * The root test runner builds every package first (LP_BUILT=1); alone, build what the cluster and `pnpm start` run:
 * the API, the storefront and the widget.
 */
export function ensureBuilt(): void {
  if (process.env.LP_BUILT !== '1') {
    const api = spawnSync('pnpm', ['--filter', '@lp/api', 'run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (api.status !== 0) throw new Error('Building the API failed.');
  }
  ensureStorefrontBuilt();
  ensureWidgetBuilt();
}

export async function startClusterWorld(): Promise<ClusterWorld> {
  ensureBuilt();
  // No DATABASE_URL: a throwaway PostgreSQL cluster of its own (fails, never skips, without server binaries).
  const reports: string[] = [];
  const cluster = await startCluster({ databaseUrl: '', report: (line) => reports.push(line) });
  let browser: Browser;
  try {
    browser = await launchBrowser();
  } catch (error) {
    await cluster.close();
    throw error;
  }
  const answeredBy = new Map<string, number>();
  const count = (name: string | undefined) => {
    if (name) answeredBy.set(name, (answeredBy.get(name) ?? 0) + 1);
  };
  return {
    cluster,
    browser,
    answeredBy,
    reports,
    async newPage() {
      const { page, context, errors } = await newWatchedPage(browser, {
        viewport: { width: 1280, height: 900 },
      });
      await presetConsent(context, { statistics: true, marketing: true });
      page.on('response', (response) => {
        // Console errors name no URL; keep the failed requests' so a failure says which (4xx answers such as
        // "this order has no coupon" are part of the contract; a 5xx or nginx's 502 never is).
        if (response.status() >= 500) errors.push(`${response.status()} ${response.url()}`);
        const headers = response.headers();
        count(headers['x-lp-shop-instance']);
        count(headers['x-lp-api-instance']);
      });
      return { page, context, errors };
    },
    async close() {
      await browser?.close();
      await cluster.close();
    },
  };
}
