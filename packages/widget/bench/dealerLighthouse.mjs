#!/usr/bin/env node
// Lighthouse mobile (default config: Moto G Power emulation, simulated throttling) on examples/dealer-site as
// shipped: a page on its own origin with the guide's Content-Security-Policy header, two generators, the banner and
// the cart badge, lp-widget.js from the built storefront (/widget/, compressed, as dealers get it) and the real API
// (in-memory database). Budgets of DESIGN 7: performance 98+, TBT <= 50 ms, CLS 0. Prints the figures, writes
// .bench/dealer-lighthouse.json (the median run's full report in .bench/lighthouse/dealer-site.json) and exits
// non-zero only when it crashes. LP_LIGHTHOUSE_RUNS sets the runs (3).
// Run: pnpm build && node packages/widget/bench/dealerLighthouse.mjs
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from '../../../scripts/freePort.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const SITE = join(ROOT, 'examples/dealer-site');
const OUT = join(ROOT, '.bench', 'dealer-lighthouse.json');
const RUNS = Math.max(1, Number(process.env.LP_LIGHTHOUSE_RUNS) || 3);
export const BUDGETS = { performance: 98, tbtMs: 50, cls: 0 };

// lighthouse is the storefront's dev dependency, playwright-core the e2e package's.
const fromStorefront = createRequire(join(ROOT, 'packages/storefront/package.json'));
const fromE2e = createRequire(join(ROOT, 'e2e/package.json'));
const { default: lighthouse } = await import(pathToFileURL(fromStorefront.resolve('lighthouse')).href);
const { computeMedianRun, filterToValidRuns } = await import(
  pathToFileURL(join(dirname(fromStorefront.resolve('lighthouse/package.json')), 'core/lib/median-run.js'))
    .href
);
const { widgetContentSecurityPolicy } = await import(
  pathToFileURL(join(SITE, 'contentSecurityPolicy.mjs')).href
);

/** The dealer's own server: its few files, the page with this machine's URLs, the CSP header on every answer. */
async function serveDealerPage(urls) {
  const types = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript' };
  const html = readFileSync(join(SITE, 'index.html'), 'utf8')
    .replaceAll('http://127.0.0.1:4000', urls.api)
    .replaceAll('http://127.0.0.1:3000', urls.shop);
  const policy = widgetContentSecurityPolicy({ shop: urls.shop, api: urls.api });
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = path === '/' ? '/index.html' : path;
    const ext = file.slice(file.lastIndexOf('.'));
    res.setHeader('content-security-policy', policy);
    if (!/^\/[\w-]+\.(html|css|js)$/.test(file) || !existsSync(join(SITE, file))) {
      res.writeHead(404).end('Not found');
      return;
    }
    res.writeHead(200, { 'content-type': types[ext], 'cache-control': 'no-cache' });
    res.end(file === '/index.html' ? html : readFileSync(join(SITE, file)));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((r) => server.close(r)),
  };
}

async function main() {
  const apiEntry = join(ROOT, 'packages/api/dist/index.js');
  const shopEntry = join(ROOT, 'packages/storefront/dist/server/index.js');
  for (const [file, pkg] of [
    [apiEntry, '@lp/api'],
    [shopEntry, '@lp/storefront'],
    [join(ROOT, 'packages/widget/dist/lp-widget.js'), '@lp/widget'],
  ]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`pnpm --filter ${pkg} build\``);
  }
  const { startApi } = await import(pathToFileURL(apiEntry).href);
  const { startStorefront } = await import(pathToFileURL(shopEntry).href);
  // The page's origin is known only once it listens: start it first, then the API that allows it.
  const urls = { api: '', shop: '' };
  const page = await serveDealerPage(urls);
  const api = await startApi({ port: 0, dataDir: 'memory', rateLimit: false, corsOrigins: [page.url] });
  const shop = await startStorefront({ port: 0, apiUrl: api.url, env: {} });
  Object.assign(urls, { api: api.url, shop: shop.url });
  const port = await freePort();
  const { chromium } = fromE2e('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--headless=new',
      `--remote-debugging-port=${port}`,
    ],
  });
  try {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const runner = await lighthouse(`${page.url}/index.html`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!runner?.lhr) throw new Error('Lighthouse returned nothing');
      runs.push(runner.lhr);
    }
    const valid = filterToValidRuns(runs);
    const lhr = valid.length > 0 ? computeMedianRun(valid) : runs[0];
    mkdirSync(join(ROOT, '.bench', 'lighthouse'), { recursive: true });
    writeFileSync(join(ROOT, '.bench', 'lighthouse', 'dealer-site.json'), JSON.stringify(lhr));
    const audit = (id) => lhr.audits[id]?.numericValue ?? null;
    const figures = {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      fcpS: audit('first-contentful-paint') / 1000,
      lcpS: audit('largest-contentful-paint') / 1000,
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      performanceOfEachRun: runs.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100)),
      runtimeError: lhr.runtimeError?.message ?? null,
    };
    const pass = {
      performance: figures.performance >= BUDGETS.performance,
      tbt: figures.tbtMs !== null && figures.tbtMs <= BUDGETS.tbtMs,
      // CLS 0: what Lighthouse reports, rounded as it displays it (3 decimals).
      cls: figures.cls !== null && Math.round(figures.cls * 1000) === 0,
    };
    return { ...figures, pass, runs: RUNS };
  } finally {
    await browser.close();
    await shop.close();
    await api.close();
    await page.close();
  }
}

try {
  const result = await main();
  const mark = (ok) => (ok ? 'ok' : 'FAIL');
  process.stdout.write(
    `Lighthouse mobile, examples/dealer-site (2 generators, banner, cart badge, guide CSP), median of ${RUNS} runs; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n` +
      `performance ${result.performance} ${mark(result.pass.performance)} (budget ${BUDGETS.performance}+; runs ${result.performanceOfEachRun.join(' / ')}), ` +
      `TBT ${result.tbtMs?.toFixed(0)} ms ${mark(result.pass.tbt)} (<= ${BUDGETS.tbtMs}), CLS ${result.cls?.toFixed(3)} ${mark(result.pass.cls)} (0), ` +
      `FCP ${result.fcpS.toFixed(2)} s, LCP ${result.lcpS.toFixed(2)} s, accessibility ${result.accessibility}\n`,
  );
  if (result.runtimeError) process.stdout.write(`Lighthouse runtime error: ${result.runtimeError}\n`);
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(
    OUT,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), budgets: BUDGETS, ...result }, null, 2)}\n`,
  );
  process.stdout.write(`written: ${OUT}\n`);
} catch (error) {
  process.stderr.write(`dealer lighthouse bench crashed: ${error?.stack ?? error}\n`);
  process.exit(1);
}
