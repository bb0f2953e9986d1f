// The print editor on a phone (issue 13): 390 x 844 with touch emulation in Chromium. A shopper adds text, moves
// it with a finger in the zoomed working view, pans, resizes with a touch-sized handle, types into the property
// panel while the canvas stays in sight, aligns, and orders: the exported PNG has the text where it was put.
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Finger, handleDots, phoneView, type StoredItem, stageOf, storedDesign, tool } from './editorDriver';
import { type EditorWorld, startEditorWorld } from './editorWorld';

let world: EditorWorld;

beforeAll(async () => {
  world = await startEditorWorld();
});
afterAll(async () => {
  await world?.close();
});

interface Opened {
  page: Page;
  failures: string[];
  errors: string[];
}

async function openOnPhone(): Promise<Opened> {
  const context = await world.browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  const failures: string[] = [];
  const errors: string[] = [];
  page.on('response', (r: Response) => {
    if (r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => failures.push(`failed ${r.url()}`));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${world.site.url}/`);
  await stageOf(page).locator('canvas').first().waitFor();
  return { page, failures, errors };
}

const onlyItem = async (page: Page): Promise<StoredItem> => (await storedDesign(page))!.items[0]!;

/** Taps "In den Warenkorb" and measures the light pixels of the exported 6056 x 300 PNG (the rest is black). */
async function exportInk(page: Page) {
  await tool(page, 'export').tap();
  await expect
    .poll(
      () => page.evaluate(() => (window as unknown as { __events: { name: string }[] }).__events.length),
      {
        timeout: 30_000,
      },
    )
    .toBeGreaterThanOrEqual(2);
  const events = await page.evaluate(
    () => (window as unknown as { __events: { name: string; detail: { url?: string } }[] }).__events,
  );
  expect(events.map((e) => e.name)).toEqual(['lp-add-to-cart', 'lp-close']);
  return page.evaluate(async (src) => {
    const bitmap = await createImageBitmap(await (await fetch(src)).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    let left = Infinity;
    let right = -1;
    let top = Infinity;
    let bottom = -1;
    for (let y = 0; y < bitmap.height; y++)
      for (let x = 0; x < bitmap.width; x++)
        if (data[(y * bitmap.width + x) * 4]! > 128) {
          left = Math.min(left, x);
          right = Math.max(right, x);
          top = Math.min(top, y);
          bottom = Math.max(bottom, y);
        }
    return { width: bitmap.width, height: bitmap.height, left, right, top, bottom };
  }, events[0]!.detail.url!);
}

describe('print editor on a phone (390 px, touch)', () => {
  it('shows a zoomed working view, touch help and touch-sized handles', async () => {
    const { page, failures } = await openOnPhone();
    // Touch help, not keyboard help: what is shown, as a shopper sees it.
    const touchHelp = page.locator('lp-print-editor #lp-canvas-help .touch-help');
    await expect.poll(() => touchHelp.isVisible()).toBe(true);
    expect(await touchHelp.textContent()).toContain('Tippen wählt ein Element aus');
    expect(await page.locator('lp-print-editor #lp-canvas-help .keys-help').isVisible()).toBe(false);
    // Before: the whole strip was about 15 px tall. The working view is a finger's size.
    const view = await phoneView(page);
    expect(view.box.height).toBeGreaterThanOrEqual(100);
    expect(view.right - view.left).toBeLessThan(900);

    await tool(page, 'addText').tap();
    await expect.poll(async () => (await storedDesign(page))?.items.length).toBe(1);
    const text = await onlyItem(page);
    // The new text (centred on 3028) is in the view.
    const shown = await phoneView(page);
    expect(shown.left).toBeLessThanOrEqual(text.left);
    expect(shown.right).toBeGreaterThanOrEqual(text.left + text.width);

    // The bottom-right handle takes a finger 14 px off its centre (a 10 px mouse handle would miss): the text
    // shrinks, keeping its aspect.
    const finger = new Finger(page);
    const corner = shown.toScreen(text.left + text.width, text.top + text.height);
    const grip = { x: corner.x + 6 + 14, y: corner.y + 6 + 14 };
    await finger.drag(grip, { x: grip.x - 40, y: grip.y - 25 });
    await expect.poll(async () => (await onlyItem(page)).height).toBeLessThan(text.height - 20);
    expect(failures).toEqual([]);
    await page.context().close();
  });

  it('adds text, edits it beside the canvas, moves it, pans, aligns and exports it where it was put', async () => {
    const { page, failures, errors } = await openOnPhone();
    const finger = new Finger(page);
    await tool(page, 'addText').tap();
    await expect.poll(async () => (await storedDesign(page))?.items.length).toBe(1);

    // The property panel is reachable while the canvas stays in view, uncovered.
    const field = page.locator('lp-print-editor #lp-prop-text');
    await field.tap();
    await field.fill('Autohaus Müller');
    await expect.poll(async () => (await onlyItem(page)).value).toBe('Autohaus Müller');
    const added = await onlyItem(page);
    const stageBox = (await stageOf(page).boundingBox())!;
    const fieldBox = (await field.boundingBox())!;
    expect(stageBox.y).toBeGreaterThanOrEqual(0);
    expect(stageBox.y + stageBox.height).toBeLessThanOrEqual(fieldBox.y);
    expect(fieldBox.y + fieldBox.height).toBeLessThanOrEqual(844);
    const onTop = await page.evaluate(
      ([x, y]) => {
        const root = document.querySelector('lp-print-editor')!.shadowRoot!;
        return Boolean(root.elementFromPoint(x!, y!)?.closest('.stage'));
      },
      [stageBox.x + stageBox.width / 2, stageBox.y + stageBox.height / 2],
    );
    expect(onTop).toBe(true);

    // Move the text 350 canvas px to the left with a finger (its middle stays clear of the 3028 snap line).
    let view = await phoneView(page);
    const from = view.toScreen(added.left + added.width / 2, added.top + added.height / 2);
    await finger.drag(from, { x: from.x - 350 * view.scale, y: from.y });
    await expect.poll(async () => (await onlyItem(page)).left).toBeLessThan(added.left - 300);
    const moved = await onlyItem(page);
    expect(Math.abs(moved.left - (added.left - 350))).toBeLessThan(15);
    expect(moved.top).toBe(60); // its middle snapped to the strip's middle line (150)

    // Drag on empty canvas (below the text) pans the view; the text keeps its place.
    view = await phoneView(page);
    const empty = view.toScreen(moved.left + moved.width / 2, 285);
    await finger.drag(empty, { x: empty.x - 120, y: empty.y });
    await expect.poll(async () => (await phoneView(page)).left).toBeGreaterThan(view.left + 250);
    expect((await onlyItem(page)).left).toBe(moved.left);

    // Align right: the text ends at 6041 and the view follows it there (the text is wider than the view: its
    // middle is in view).
    const panned = await phoneView(page);
    await tool(page, 'alignRight').tap();
    await expect
      .poll(async () => {
        const item = await onlyItem(page);
        return Math.round(item.left + item.width);
      })
      .toBe(6041);
    const aligned = await onlyItem(page);
    await expect.poll(async () => (await phoneView(page)).left).toBeGreaterThan(panned.right);
    view = await phoneView(page);
    expect(view.left).toBeLessThan(aligned.left + aligned.width / 2);
    expect(view.right).toBeGreaterThan(aligned.left + aligned.width / 2);

    // From there the shopper moves it 350 canvas px back to the left with a finger: that is where it stays.
    const grab = view.toScreen(aligned.left + aligned.width / 2, aligned.top + aligned.height / 2);
    await finger.drag(grab, { x: grab.x - 350 * view.scale, y: grab.y });
    await expect.poll(async () => (await onlyItem(page)).left).toBeLessThan(aligned.left - 300);
    const placed = await onlyItem(page);
    expect(Math.abs(placed.left - (aligned.left - 350))).toBeLessThan(15);

    const design = await onlyItem(page);
    expect(design).toEqual(placed);
    // The exported 6056 x 300 PNG: light pixels exactly where the text was (the rest black).
    const ink = await exportInk(page);
    expect([ink.width, ink.height]).toEqual([6056, 300]);
    expect(ink.left).toBeGreaterThanOrEqual(design.left - 2);
    expect(ink.right).toBeLessThanOrEqual(design.left + design.width + 2);
    expect(ink.right - ink.left).toBeGreaterThan(design.width * 0.9);
    expect(ink.top).toBeGreaterThanOrEqual(design.top - 2);
    expect(ink.bottom).toBeLessThanOrEqual(design.top + design.height + 2);

    expect(failures).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps every handle on the stage, rotates with the round handle and zooms with two fingers', async () => {
    const { page, failures, errors } = await openOnPhone();
    const finger = new Finger(page);
    await tool(page, 'addText').tap();
    await expect.poll(async () => (await storedDesign(page))?.items.length).toBe(1);
    // A short word: turned 30 degrees it still fits the strip's 300 px height.
    await page.locator('lp-print-editor #lp-prop-text').fill('Hi');
    await expect.poll(async () => (await onlyItem(page)).value).toBe('Hi');
    const text = await onlyItem(page);
    // Tap beside the text (deselects: no handles), then on the text (selects it: five handles).
    let view = await phoneView(page);
    const beside = view.toScreen(text.left + text.width / 2, 285);
    await page.touchscreen.tap(beside.x, beside.y);
    await expect.poll(async () => (await handleDots(page)).length).toBe(0);
    const middle = view.toScreen(text.left + text.width / 2, text.top + text.height / 2);
    await page.touchscreen.tap(middle.x, middle.y);
    await expect.poll(async () => (await handleDots(page)).length).toBe(5);

    // Every handle is on the stage (`margin` px inside: a whole 20 px dot at 8), the rotate handle too (before,
    // it sat 34 px above the canvas).
    const inStage = async (dots: { x: number; y: number }[], margin: number) => {
      const box = (await stageOf(page).boundingBox())!;
      for (const dot of dots) {
        expect(dot.x).toBeGreaterThanOrEqual(box.x + margin);
        expect(dot.x).toBeLessThanOrEqual(box.x + box.width - margin);
        expect(dot.y).toBeGreaterThanOrEqual(box.y + margin);
        expect(dot.y).toBeLessThanOrEqual(box.y + box.height - margin);
      }
    };
    const dots = await handleDots(page);
    await inStage(dots, 8);
    // The rotate handle: the one above the text's middle (the others are its corners).
    const rotater = dots.reduce((a, b) => (Math.abs(a.x - middle.x) < Math.abs(b.x - middle.x) ? a : b));
    expect(Math.abs(rotater.x - middle.x)).toBeLessThan(3);
    expect(rotater.y).toBeLessThan(middle.y - 20);

    // A finger turns it 30 degrees clockwise around the text's middle.
    const radius = middle.y - rotater.y;
    const start = { x: rotater.x, y: rotater.y };
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
    await touch('touchStart', [start]);
    for (let degrees = 3; degrees <= 30; degrees += 3) {
      const rad = (degrees * Math.PI) / 180;
      await touch('touchMove', [
        { x: middle.x + radius * Math.sin(rad), y: middle.y - radius * Math.cos(rad) },
      ]);
    }
    await touch('touchEnd', []);
    await cdp.detach();
    await expect.poll(async () => (await onlyItem(page)).rotation).toBeGreaterThan(20);
    const turned = await onlyItem(page);
    expect(Math.abs(turned.rotation - 30)).toBeLessThan(4);
    // Turned around its middle, same size.
    expect(turned.left + turned.width / 2).toBeCloseTo(text.left + text.width / 2, 0);
    expect(turned.top + turned.height / 2).toBeCloseTo(text.top + text.height / 2, 0);
    expect([turned.width, turned.height]).toEqual([text.width, text.height]);
    // Turned, its corners reach nearer the strip's edges: every handle's centre is still on the stage, and the
    // rotate handle (the dot nearest the text's turned "up") is whole.
    const turnedDots = await handleDots(page);
    expect(turnedDots).toHaveLength(5);
    await inStage(turnedDots, 0);
    const up = { x: middle.x + radius * Math.sin(Math.PI / 6), y: middle.y - radius * Math.cos(Math.PI / 6) };
    const turnedRotater = turnedDots.reduce((a, b) =>
      Math.hypot(a.x - up.x, a.y - up.y) < Math.hypot(b.x - up.x, b.y - up.y) ? a : b,
    );
    await inStage([turnedRotater], 8);

    // Two fingers spread on the text: the view zooms in around them (taller stage, the slider's range and value
    // follow); the text neither moves nor grows.
    const slider = page.locator('lp-print-editor [data-view="pan"]');
    const range = async () => ({
      value: Number(await slider.inputValue()),
      max: Number(await slider.getAttribute('max')),
    });
    view = await phoneView(page);
    const before = await range();
    const centre = view.toScreen(turned.left + turned.width / 2, turned.top + turned.height / 2);
    await finger.pinch(centre, 60, 150);
    await expect.poll(async () => (await phoneView(page)).scale).toBeGreaterThan(view.scale * 1.8);
    const zoomedIn = await phoneView(page);
    const after = await range();
    expect(after.max).toBeGreaterThan(before.max);
    expect(after.value).toBeGreaterThan(before.value);
    // The text's middle stayed under the fingers.
    const under = zoomedIn.toScreen(turned.left + turned.width / 2, 0);
    expect(Math.abs(under.x - centre.x)).toBeLessThan(6);
    expect(await onlyItem(page)).toEqual(turned);
    expect(await page.locator('lp-print-editor [data-view="zoom-out"]').isEnabled()).toBe(true);

    // Two fingers closing zoom out again, even when the first finger had begun to resize the text with a corner
    // handle, or to drag it, on its own.
    const corner = (await handleDots(page)).reduce((a, b) => (a.x + a.y * 0.1 < b.x + b.y * 0.1 ? a : b));
    // (The left finger starts on the left-most corner handle and pulls it 20 px out before the right one lands.)
    await finger.pinch({ x: corner.x + 20, y: corner.y }, 80, 40, corner);
    await expect.poll(async () => (await phoneView(page)).scale).toBeLessThan(zoomedIn.scale * 0.7);
    expect(await onlyItem(page)).toEqual(turned);
    const halfway = await phoneView(page);
    const centreIn = halfway.toScreen(turned.left + turned.width / 2, turned.top + turned.height / 2);
    await finger.pinch(centreIn, 60, 20, { x: centreIn.x - 30 - 15, y: centreIn.y });
    await expect.poll(async () => (await phoneView(page)).scale).toBeLessThan(halfway.scale * 0.5);
    expect(Number(await slider.getAttribute('max'))).toBeLessThan(after.max);
    expect(await onlyItem(page)).toEqual(turned);

    // One finger still drags the text, and pans on empty canvas.
    view = await phoneView(page);
    const grab = view.toScreen(turned.left + turned.width / 2, turned.top + turned.height / 2);
    await finger.drag(grab, { x: grab.x + 30, y: grab.y });
    await expect.poll(async () => (await onlyItem(page)).left).toBeGreaterThan(turned.left + 100);
    const moved = await onlyItem(page);
    expect(moved.rotation).toBe(turned.rotation);
    view = await phoneView(page);
    const empty = view.toScreen(moved.left + moved.width / 2 + 600, 285);
    await finger.drag(empty, { x: empty.x - 60, y: empty.y });
    await expect.poll(async () => (await phoneView(page)).left).toBeGreaterThan(view.left + 200);
    expect(await onlyItem(page)).toEqual(moved);

    const ink = await exportInk(page);
    expect([ink.width, ink.height]).toEqual([6056, 300]);
    // The turned text's ink: within its turned box, and taller than upright "Hi" letters (about 130 px) could be.
    const [cos, sin] = [
      Math.cos((turned.rotation * Math.PI) / 180),
      Math.sin((turned.rotation * Math.PI) / 180),
    ];
    const half = {
      x: (text.width * cos + text.height * sin) / 2,
      y: (text.width * sin + text.height * cos) / 2,
    };
    const mid = { x: moved.left + moved.width / 2, y: moved.top + moved.height / 2 };
    expect(ink.left).toBeGreaterThanOrEqual(mid.x - half.x - 2);
    expect(ink.right).toBeLessThanOrEqual(mid.x + half.x + 2);
    expect(ink.top).toBeGreaterThanOrEqual(mid.y - half.y - 2);
    expect(ink.bottom).toBeLessThanOrEqual(mid.y + half.y + 2);
    expect(ink.bottom - ink.top).toBeGreaterThan(text.height * 0.9);
    expect(failures).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
