// The in-page probe of the interactions bench (interactions.mjs): the observers the page runs, and the tap, wait and
// measure steps a shopping trip is made of, all without Playwright's locator waits during a measurement.

/** Runs in the page before its scripts: collects event timings and long animation frames. */
export function observeInteractions() {
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
export const settle = (page, ms = 120) =>
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
export const until = (page, condition, arg) => () =>
  page.waitForFunction(condition, arg, { polling: 50, timeout: 30_000 });

/**
 * A tap on the element's centre as a phone sends it (touchstart, touchend, then the mouse events and click), prepared
 * before the measurement: scrolled into view and located first, so no locator work runs in the page meanwhile.
 */
export async function tapOn(page, locator) {
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
export async function measure(page, act, done) {
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

export function record(results, name, sample) {
  const row = results.get(name) ?? { name, samples: [] };
  row.samples.push(sample);
  results.set(name, row);
}

export async function visit(page, url) {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForSelector('#root[data-hydrated]', { timeout: 90_000 });
}

/** The shopper's cart count in the header ("Warenkorb, 3 Artikel"); also a page function (no closures). */
export function countInHeader(before = -1) {
  const label = document.querySelector('header a[href="/cart"]')?.getAttribute('aria-label') ?? '';
  const count = Number(label.match(/\d+/)?.[0] ?? 0);
  return before < 0 ? count : count > before;
}
export const cartCount = (page) => page.evaluate(countInHeader);
/** The header's count went past `before`. */
export const countAbove = (page, before) => until(page, countInHeader, before);
