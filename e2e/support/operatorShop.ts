// The shop for browser tests in which the operator runs `lp-api` commands between pages (ship, refund, list
// withdrawals): the real API on a PGlite folder of its own, the built storefront in front of it, and Chromium.
// PGlite allows one process per folder, so the API stops for each command and starts again on the same port.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi } from '@lp/api';
import type { Browser } from 'playwright-core';
import { type CliRun, killAll, lpApi } from '../../packages/api/__tests__/support/cliProcess';
import { type RunningStorefront, startStorefront } from '../../packages/storefront/server/index';
import { ensureStorefrontBuilt } from '../storefront/storefrontWorld';
import { launchBrowser } from './browser';

type RunningApi = Awaited<ReturnType<typeof startApi>>;

export interface OperatorShop {
  /** The running API (another instance after each command, on the same port). */
  readonly api: RunningApi;
  readonly shop: RunningStorefront;
  readonly browser: Browser;
  /** `lp-api <args>` on the API's folder, the API stopped for it and started again. */
  operator(args: string[]): Promise<CliRun>;
  /** Several commands in one stop: `run(args)` is `lp-api <args>` on the folder. */
  withApiStopped<T>(work: (run: (args: string[]) => Promise<CliRun>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Starts the shop; `name` names its temporary folder. */
export async function startOperatorShop(name: string): Promise<OperatorShop> {
  ensureStorefrontBuilt();
  const dir = mkdtempSync(join(tmpdir(), `lp-e2e-${name}-`));
  const dataDir = join(dir, 'pglite');
  const options = { host: '127.0.0.1', dataDir, rateLimit: false as const, uploadDir: join(dir, 'uploads') };
  let api: RunningApi | undefined = await startApi({ ...options, port: 0 });
  const port = Number(new URL(api.url).port);
  const distDir = process.env.LP_STOREFRONT_DIST;
  const shop = await startStorefront({ port: 0, apiUrl: api.url, env: {}, ...(distDir ? { distDir } : {}) });
  const browser = await launchBrowser();
  const run = async (args: string[]) => (await lpApi(args, { DATA_DIR: dataDir })).exited;

  async function withApiStopped<T>(work: (runCommand: typeof run) => Promise<T>): Promise<T> {
    await api?.close();
    api = undefined;
    try {
      return await work(run);
    } finally {
      api = await startApi({ ...options, port });
    }
  }

  return {
    get api() {
      if (!api) throw new Error('the API is stopped for an operator command');
      return api;
    },
    shop,
    browser,
    operator: (args) => withApiStopped((runCommand) => runCommand(args)),
    withApiStopped,
    async close() {
      killAll();
      await browser.close();
      await shop.close();
      await api?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
