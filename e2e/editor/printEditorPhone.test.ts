// The print editor on a phone (issue 13): 390 x 844 with touch emulation in Chromium. A shopper adds text, moves
// it with a finger in the zoomed working view, pans, resizes with a touch-sized handle, types into the property
// panel while the canvas stays in sight, aligns, and orders: the exported PNG has the text where it was put.
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Finger, phoneView, type StoredItem, stageOf, storedDesign, tool } from './editorDriver';
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
    const url = events[0]!.detail.url!;

    // The exported 6056 x 300 PNG: light pixels exactly where the text was (the rest black).
    const ink = await page.evaluate(async (src) => {
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
    }, url);
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
});
