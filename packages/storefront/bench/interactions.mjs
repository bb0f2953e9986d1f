#!/usr/bin/env node
// Responsiveness after load, as a shopper on a mid-range Android phone meets it: the built storefront served by its
// own server against the real API (in-memory database), Chromium with a phone viewport, touch and 4x CPU slowdown
// (CDP Emulation.setCPUThrottlingRate), one browser context for one shopping trip (home, product, menu and footer,
// cart, checkout). Every interaction is measured INP-style in the page with the Event Timing API
// (PerformanceObserver type 'event', durationThreshold 16): the longest event of the interaction, from the tap or key
// press to the next paint. Under 16 ms Chromium reports nothing; such runs count as 16.
// Prints p50 / max per interaction and, for the worst run, input delay / processing / presentation and the longest
// scripts of the long animation frames (LoAF) during it. Exits 1 when an interaction's max is over 200 ms (Google's
// INP threshold: INP is about the worst interaction of a visit), 2 when it ran out of time (LP_INTERACTIONS_TIMEOUT_S,
// default 420 s).
// Typing rows also print the page's script time inside each key's 'input' event (handler and the render it flushes),
// p50/max in ms: below Event Timing's 16 ms floor, so it shows what a key costs the page when the paint hides it.
// LP_INTERACTIONS_RUNS: runs per interaction (5). LP_INTERACTIONS_CPU: slowdown (4). LP_INTERACTIONS_ONLY: comma list
// of groups (home, product, chrome, cart, checkout). LP_INTERACTIONS_JSON: also write the figures to this file.
// LP_INTERACTIONS_CHECKOUT_LINES: cart lines at least for the checkout group (1).
// LP_INTERACTIONS_SHOP_DIST / LP_INTERACTIONS_API_DIST: measure other builds (a dist folder copied aside, for a
// before/after on one machine; a copied API dist needs its migrations folder beside it).
// Not in CI (timings depend on the machine); take the bench lock on a shared machine.
// Run: pnpm --filter @lp/api build && pnpm --filter @lp/storefront build && node packages/storefront/bench/interactions.mjs
// The parts: interactionSettings.mjs (settings), interactionProbe.mjs (in-page measuring), shoppingTrip.mjs (the
// measured groups), interactionTable.mjs (table and JSON).
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { startBuiltShop } from './builtShop.mjs';
import { observeInteractions, visit } from './interactionProbe.mjs';
import { BUDGET_MS, CHROMIUM_ARGS, CPU, ONLY, PHONE, ROOT, TIMEOUT_S } from './interactionSettings.mjs';
import { printTable, writeFigures } from './interactionTable.mjs';
import { GROUPS } from './shoppingTrip.mjs';

export { BUDGET_MS };

async function main() {
  const require = createRequire(join(ROOT, 'e2e', 'package.json'));
  const { chromium } = require('playwright-core');
  const { api, shop } = await startBuiltShop({
    root: ROOT,
    apiDist: process.env.LP_INTERACTIONS_API_DIST,
    shopDist: process.env.LP_INTERACTIONS_SHOP_DIST,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const results = new Map();
  const stop = setTimeout(() => {
    process.stderr.write(`Out of time after ${TIMEOUT_S} s; figures so far:\n`);
    printTable([...results.values()]);
    process.exit(2);
  }, TIMEOUT_S * 1000);
  stop.unref();
  try {
    const context = await browser.newContext(PHONE);
    await context.addInitScript(observeInteractions);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    await visit(page, `${shop.url}/`);
    // A server error spoils the trip; say so at once (the bench's API must match its migrations folder).
    page.on('response', (r) => r.status() >= 500 && process.stderr.write(`HTTP ${r.status()} ${r.url()}\n`));
    // The shopper answers the consent banner first (it is in the way otherwise).
    await page.getByRole('button', { name: 'Nur notwendige' }).tap();
    await page.locator('.consent-banner').waitFor({ state: 'detached' });
    for (const [name, run] of GROUPS) {
      if (ONLY.length > 0 && !ONLY.includes(name)) continue;
      await run(page, results, shop.url).catch(async (error) => {
        // Where the trip stopped, for a look (the bench's own selectors are the usual suspect after a UI change).
        mkdirSync(join(ROOT, '.bench'), { recursive: true });
        await page
          .screenshot({ path: join(ROOT, '.bench', 'interactions-failure.png') })
          .catch(() => undefined);
        throw error;
      });
    }
  } finally {
    await browser.close();
    await shop.close();
    await api.close();
  }
  return [...results.values()];
}

const rows = await main();
printTable(rows);
if (process.env.LP_INTERACTIONS_JSON) writeFigures(process.env.LP_INTERACTIONS_JSON, rows);
const over = rows.filter((row) => Math.max(...row.samples.map((s) => s.ms)) > BUDGET_MS);
if (over.length > 0) {
  process.stdout.write(`Over ${BUDGET_MS} ms: ${over.map((row) => row.name).join(', ')}\n`);
  process.exit(1);
}
process.exit(0);
