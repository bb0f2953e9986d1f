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
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBuiltShop } from './builtShop.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, '../../..');
const RUNS = Math.max(1, Number(process.env.LP_INTERACTIONS_RUNS) || 5);
const CPU = Math.max(1, Number(process.env.LP_INTERACTIONS_CPU) || 4);
const TIMEOUT_S = Math.max(30, Number(process.env.LP_INTERACTIONS_TIMEOUT_S) || 420);
const ONLY = process.env.LP_INTERACTIONS_ONLY?.split(',').filter(Boolean) ?? [];
/** Lines in the cart at least, for the checkout group (its summary and order review render every line). */
const CHECKOUT_LINES = Math.max(1, Number(process.env.LP_INTERACTIONS_CHECKOUT_LINES) || 1);
/** Google's "good" INP. */
export const BUDGET_MS = 200;
/** Moto G Power as Lighthouse emulates it: 412 x 823 CSS px at 1.75 device pixels, touch. */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
];

/** Runs in the page before its scripts: collects event timings and long animation frames. */
function observeInteractions() {
  const w = window;
  w.__lpEvents = [];
  w.__lpFrames = [];
  w.__lpInputs = [];
  // The page's own script per 'input' event, to the millisecond below Event Timing's 16 ms floor and 8 ms steps: from
  // the first listener (window, capture) to the last (window, bubble), which runs after the app's handler and the
  // render it flushes (React renders a discrete event's update before the event's next listener).
  let inputStart = 0;
  addEventListener('input', () => (inputStart = performance.now()), true);
  addEventListener('input', () =>
    w.__lpInputs.push({ start: inputStart, script: performance.now() - inputStart }),
  );
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId)
        w.__lpEvents.push({
          id: e.interactionId,
          name: e.name,
          start: e.startTime,
          duration: e.duration,
          delay: e.processingStart - e.startTime,
          processing: e.processingEnd - e.processingStart,
          presentation: e.startTime + e.duration - e.processingEnd,
        });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  try {
    new PerformanceObserver((list) => {
      for (const f of list.getEntries())
        w.__lpFrames.push({
          start: f.startTime,
          duration: f.duration,
          style: f.styleAndLayoutStart ? f.startTime + f.duration - f.styleAndLayoutStart : 0,
          scripts: f.scripts.map((s) => ({
            what: `${s.invoker || s.invokerType} ${s.sourceFunctionName || ''} ${(s.sourceURL || '').split('/').pop()}`,
            duration: s.duration,
            layout: s.forcedStyleAndLayoutDuration,
          })),
        });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // Long animation frames are for attribution only.
  }
}

/** Waits two frames and a little more, so the interaction's paint happened and its entries were delivered. */
const settle = (page, ms = 120) =>
  page.evaluate(
    (wait) =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, wait))),
      ),
    ms,
  );

/**
 * Waits for a condition in the page, checked every 50 ms from a timer. Not Playwright's locators: their waits run
 * accessibility queries in the page on every animation frame, i.e. before the paint an interaction waits for, and
 * would be counted in its presentation delay.
 */
const until = (page, condition, arg) => () =>
  page.waitForFunction(condition, arg, { polling: 50, timeout: 30_000 });

/**
 * A tap on the element's centre as a phone sends it (touchstart, touchend, then the mouse events and click), prepared
 * before the measurement: scrolled into view and located first, so no locator work runs in the page meanwhile.
 */
async function tapOn(page, locator) {
  // To the middle of the screen: at an edge the sticky header or a toast may lie over it.
  await locator.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not on the screen`);
  await settle(page);
  return () => page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/**
 * Measures one interaction: `act` performs it (a tap, a key press), `done` waits for what the shopper waits for
 * (a response, a new page). Answers the longest interaction's duration and its worst event.
 */
async function measure(page, act, done) {
  await page.evaluate(() => {
    window.__lpEvents.length = 0;
    window.__lpFrames.length = 0;
    window.__lpInputs.length = 0;
  });
  const started = await page.evaluate(() => performance.now());
  await act();
  if (done) await done();
  await settle(page);
  const { events, frames, inputs } = await page.evaluate(() => ({
    events: window.__lpEvents,
    frames: window.__lpFrames,
    inputs: window.__lpInputs,
  }));
  let worst = null;
  for (const e of events) if (e.start >= started - 5 && (!worst || e.duration > worst.duration)) worst = e;
  const inWorst = worst
    ? frames.filter((f) => f.start < worst.start + worst.duration && f.start + f.duration > worst.start)
    : [];
  const script = inputs.length > 0 ? inputs.reduce((sum, i) => sum + i.script, 0) : undefined;
  return { ms: worst ? worst.duration : 16, worst, frames: inWorst, script };
}

function record(results, name, sample) {
  const row = results.get(name) ?? { name, samples: [] };
  row.samples.push(sample);
  results.set(name, row);
}

const p50 = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

async function visit(page, url) {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForSelector('#root[data-hydrated]', { timeout: 90_000 });
}

/** The shopper's cart count in the header ("Warenkorb, 3 Artikel"); also a page function (no closures). */
function countInHeader(before = -1) {
  const label = document.querySelector('header a[href="/cart"]')?.getAttribute('aria-label') ?? '';
  const count = Number(label.match(/\d+/)?.[0] ?? 0);
  return before < 0 ? count : count > before;
}
const cartCount = (page) => page.evaluate(countInHeader);
/** The header's count went past `before`. */
const countAbove = (page, before) => until(page, countInHeader, before);

const PLATES = ['B-LP 101', 'M-AB 202', 'K-OP 404', 'S-UV 505', 'F-GH 606', 'D-JK 707', 'L-MN 808'];

async function homeGroup(page, results, shopUrl) {
  await visit(page, `${shopUrl}/`);
  const generator = page.locator('lp-plate-generator');
  const plate = generator.locator('input[name="kennzeichen"]');
  await plate.waitFor();
  for (let run = 0; run < RUNS; run++) {
    await plate.fill('');
    await (await tapOn(page, plate))();
    await settle(page);
    for (const key of PLATES[run % PLATES.length])
      record(
        results,
        'home: type a plate number (each key)',
        await measure(page, () => page.keyboard.type(key)),
      );
    // There and back: the longer numbers do not fit on the shorter plate, and the add needs a plate that fits.
    for (const name of ['460 × 110 mm', '520 × 110 mm']) {
      const tap = await tapOn(page, generator.locator('label', { hasText: name }).first());
      record(results, 'home: choose a size', await measure(page, tap));
    }
    const before = await cartCount(page);
    const add = await tapOn(page, generator.getByRole('button', { name: 'In den Warenkorb' }));
    record(results, 'home: In den Warenkorb (generator)', await measure(page, add, countAbove(page, before)));
    // The generator answers the add after the count moved (its message, its field); the next run starts after.
    await settle(page, 800);
  }
}

async function productGroup(page, results, shopUrl) {
  await visit(page, `${shopUrl}/funschild`);
  const sizes = ['460 × 110 mm', '520 × 110 mm'];
  for (let run = 0; run < RUNS; run++) {
    const variant = await tapOn(page, page.getByRole('button', { name: sizes[run % 2], exact: true }));
    record(results, 'product: choose a variant', await measure(page, variant));
    await (await tapOn(page, page.getByRole('spinbutton', { name: 'Menge' })))();
    await settle(page);
    record(
      results,
      'product: quantity + (arrow up)',
      await measure(page, () => page.keyboard.press('ArrowUp')),
    );
    record(
      results,
      'product: quantity − (arrow down)',
      await measure(page, () => page.keyboard.press('ArrowDown')),
    );
    await page.getByLabel('Wunschtext').fill(`SCHILD ${run + 1}`);
    const before = await cartCount(page);
    const add = await tapOn(page, page.getByRole('button', { name: 'In den Warenkorb', exact: true }));
    record(
      results,
      'product: In den Warenkorb',
      await measure(
        page,
        add,
        until(page, () => Boolean(document.querySelector('.toast'))),
      ),
    );
    await countAbove(page, before)();
    // The toast goes on a tap on it (dismissOnTap).
    await page
      .locator('.toast')
      .first()
      .tap()
      .catch(() => undefined);
    await page
      .locator('.toast')
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
  }
}

async function chromeGroup(page, results, shopUrl) {
  await visit(page, `${shopUrl}/`);
  const isOpen = () => Boolean(document.querySelector('.mobile-menu'));
  for (let run = 0; run < RUNS; run++) {
    const open = await tapOn(page, page.getByRole('button', { name: 'Menü öffnen' }));
    record(results, 'chrome: open the mobile menu', await measure(page, open, until(page, isOpen)));
    const close = await tapOn(page, page.getByRole('button', { name: 'Menü schließen' }));
    record(
      results,
      'chrome: close the mobile menu',
      await measure(
        page,
        close,
        until(page, () => !document.querySelector('.mobile-menu')),
      ),
    );
  }
  const footer = page.locator('footer .footer-section__title button');
  const count = await footer.count();
  for (let run = 0; run < RUNS; run++) {
    const button = footer.nth(run % count);
    const expanded = await button.getAttribute('aria-expanded');
    record(results, 'chrome: open or close a footer section', await measure(page, await tapOn(page, button)));
    if ((await button.getAttribute('aria-expanded')) === expanded)
      throw new Error('the footer section did not toggle');
  }
  for (let run = 0; run < RUNS; run++) {
    const card = page.locator('article a').nth(run);
    const href = await card.getAttribute('href');
    const tap = await tapOn(page, card);
    record(
      results,
      'chrome: product card to product page (client navigation)',
      await measure(
        page,
        tap,
        until(page, (path) => location.pathname === path && document.querySelector('h1'), href),
      ),
    );
    await page.goBack();
    await page.waitForFunction(() => location.pathname === '/');
    await settle(page, 300);
  }
}

/** Fills the cart up to `lines` lines through the product page (not measured), for groups run on their own. */
async function ensureLines(page, shopUrl, lines) {
  if ((await cartCount(page)) >= lines) return;
  await visit(page, `${shopUrl}/funschild`);
  for (let n = await cartCount(page); n < lines; n++) {
    await page.getByLabel('Wunschtext').fill(`ZEILE ${n + 1}`);
    await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).tap();
    await countAbove(page, n)();
  }
}

async function cartGroup(page, results, shopUrl) {
  await ensureLines(page, shopUrl, RUNS + 2);
  await visit(page, `${shopUrl}/cart`);
  const idle = until(page, () => document.querySelector('.cart-page')?.getAttribute('aria-busy') === 'false');
  await idle();
  for (let run = 0; run < RUNS; run++) {
    const plus = await tapOn(page, page.getByRole('button', { name: 'Position 1: Menge erhöhen' }));
    record(results, 'cart: quantity +', await measure(page, plus, idle));
    const minus = await tapOn(page, page.getByRole('button', { name: 'Position 1: Menge verringern' }));
    record(results, 'cart: quantity −', await measure(page, minus, idle));
  }
  const removeCoupon = page.getByRole('button', { name: 'Gutschein WILLKOMMEN10 entfernen' });
  for (let run = 0; run < RUNS; run++) {
    await page.getByLabel('Gutscheincode').fill('WILLKOMMEN10');
    const apply = await tapOn(page, page.getByRole('button', { name: 'Einlösen' }));
    const applied = until(page, () =>
      [...document.querySelectorAll('.coupon-field button')].some((b) =>
        b.textContent?.includes('entfernen'),
      ),
    );
    record(results, 'cart: apply a coupon', await measure(page, apply, applied));
    await removeCoupon.tap();
    // Said when the field has been emptied too (CouponField), so the next run's code is not cleared after typing.
    await page.getByText('Der Gutschein wurde entfernt.').waitFor();
  }
  for (let run = 0; run < RUNS; run++) {
    const before = await page.locator('tr.cart-line').count();
    if (before < 2) break;
    const remove = await tapOn(
      page,
      page
        .locator('tr.cart-line')
        .first()
        .getByRole('button', { name: /^Entfernen/ }),
    );
    const gone = until(page, (n) => document.querySelectorAll('tr.cart-line').length < n, before);
    record(results, 'cart: remove a line', await measure(page, remove, gone));
    await idle();
  }
}

async function checkoutGroup(page, results, shopUrl) {
  await ensureLines(page, shopUrl, CHECKOUT_LINES);
  await visit(page, `${shopUrl}/cart/checkout`);
  const submit = page.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
  await submit.waitFor();
  const fields = [
    ['#shipping-name', 'Maximilian'],
    ['#shipping-lastName', 'Mustermann'],
    ['#shipping-street', 'Hauptstraße'],
    ['#shipping-city', 'Berlin'],
    ['#email', 'max@example.de'],
  ];
  for (let run = 0; run < RUNS; run++) {
    const [selector, value] = fields[run % fields.length];
    await page.locator(selector).fill('');
    await (await tapOn(page, page.locator(selector)))();
    await settle(page);
    for (const key of value)
      record(
        results,
        'checkout: type into an address field (each key)',
        await measure(page, () => page.keyboard.type(key)),
      );
  }
  for (let run = 0; run < RUNS; run++) {
    await page.locator('#shipping-name').fill('');
    const tap = await tapOn(page, submit);
    const invalid = until(page, () => Boolean(document.querySelector('[aria-invalid="true"]')));
    record(results, 'checkout: submit with errors', await measure(page, tap, invalid));
  }
}

const GROUPS = [
  ['home', homeGroup],
  ['product', productGroup],
  ['chrome', chromeGroup],
  ['cart', cartGroup],
  ['checkout', checkoutGroup],
];

function attribution(sample) {
  const scripts = sample.frames
    .flatMap((f) => f.scripts)
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 2)
    .map((s) => `${s.what.trim()} ${Math.round(s.duration)}`);
  return scripts.join('; ');
}

/** Script time in the interactions' 'input' events (typing), ms; empty for taps. */
const scriptsOf = (row) => row.samples.map((s) => s.script).filter((v) => v !== undefined);

function printTable(rows) {
  const pad = (v, w) => String(v).padEnd(w);
  const num = (v) => String(Math.round(v)).padStart(5);
  const lines = [
    `Interactions after load, ${PHONE.viewport.width} px phone, touch, ${CPU}x CPU slowdown; ms from input to next paint (Event Timing), budget ${BUDGET_MS}`,
    `${pad('interaction', 56)}${'n'.padStart(3)}${'p50'.padStart(6)}${'max'.padStart(6)}${'input script'.padStart(14)}  worst: delay/processing/presentation  longest scripts (LoAF)`,
  ];
  for (const row of rows) {
    const values = row.samples.map((s) => s.ms);
    const worst = row.samples.reduce((a, b) => (b.ms > a.ms ? b : a));
    const split = worst.worst
      ? `${Math.round(worst.worst.delay)}/${Math.round(worst.worst.processing)}/${Math.round(worst.worst.presentation)} ${worst.worst.name}`
      : '-';
    const over = Math.max(...values) > BUDGET_MS ? ' OVER' : '';
    const scripts = scriptsOf(row);
    const script = scripts.length > 0 ? `${p50(scripts).toFixed(1)}/${Math.max(...scripts).toFixed(1)}` : '-';
    lines.push(
      `${pad(row.name, 56)}${String(values.length).padStart(3)}${num(p50(values))}${num(Math.max(...values))}${script.padStart(14)}  ${pad(split, 36)} ${attribution(worst)}${over}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

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
if (process.env.LP_INTERACTIONS_JSON)
  writeFileSync(
    process.env.LP_INTERACTIONS_JSON,
    JSON.stringify(
      rows.map((row) => ({
        name: row.name,
        runs: row.samples.map((s) => s.ms),
        p50: p50(row.samples.map((s) => s.ms)),
        max: Math.max(...row.samples.map((s) => s.ms)),
        ...(scriptsOf(row).length > 0 && {
          inputScriptP50: p50(scriptsOf(row)),
          inputScripts: scriptsOf(row),
        }),
      })),
      null,
      2,
    ),
  );
const over = rows.filter((row) => Math.max(...row.samples.map((s) => s.ms)) > BUDGET_MS);
if (over.length > 0) {
  process.stdout.write(`Over ${BUDGET_MS} ms: ${over.map((row) => row.name).join(', ')}\n`);
  process.exit(1);
}
process.exit(0);
