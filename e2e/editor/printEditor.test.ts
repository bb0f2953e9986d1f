import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keyboard, Pointer, stagePixel, storedDesign, tool } from './editorDriver';
import { type EditorWorld, startEditorWorld } from './editorWorld';

let world: EditorWorld;

beforeAll(async () => {
  world = await startEditorWorld();
});
afterAll(async () => {
  await world?.close();
});

async function openEditor(width = 1280, hasTouch = false): Promise<Page> {
  const context = await world.browser.newContext({ viewport: { width, height: 900 }, hasTouch });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${world.site.url}/`);
  await page.locator('lp-print-editor .stage canvas').first().waitFor();
  (page as unknown as { errors: string[] }).errors = errors;
  return page;
}

const events = (page: Page) => page.evaluate(() => (window as unknown as { __events: unknown[] }).__events);

/** PNG width and height from the IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('print editor in Chromium', () => {
  it('adds text, drags it, aligns, undoes and redoes', async () => {
    const page = await openEditor();
    const pointer = new Pointer(page);
    const keyboard = new Keyboard(page);

    // A mouse and keyboard get the keyboard help, not the touch help.
    const keysHelp = page.locator('lp-print-editor #lp-canvas-help .keys-help');
    expect(await keysHelp.isVisible()).toBe(true);
    expect(await keysHelp.textContent()).toContain('Pfeiltasten');
    expect(await page.locator('lp-print-editor #lp-canvas-help .touch-help').isVisible()).toBe(false);

    await tool(page, 'addText').click();
    await expect.poll(async () => (await storedDesign(page))?.items.length).toBe(1);
    const added = (await storedDesign(page))!.items[0]!;
    expect(added).toMatchObject({ type: 'text', value: 'Ihr Text', top: 50, color: '#ffffff', active: true });
    // The text is drawn white near its centre line, the black background elsewhere.
    expect(await stagePixel(page, 100, 150)).toEqual([0, 0, 0, 255]);

    // Drag the text 1500 canvas px to the left; it lands there (no snap line nearby).
    const cx = added.left + added.width / 2;
    await pointer.downAt(cx, 140);
    await pointer.moveTo(cx - 1500, 140);
    await pointer.up();
    await expect
      .poll(async () => Math.round((await storedDesign(page))!.items[0]!.left))
      .toBeLessThan(added.left - 1400);

    await tool(page, 'alignRight').click();
    await expect
      .poll(async () => {
        const item = (await storedDesign(page))!.items[0]!;
        return Math.round(item.left + item.width);
      })
      .toBe(6041);
    const right = (await storedDesign(page))!.items[0]!;

    await page.locator('lp-print-editor .stage').focus();
    await keyboard.undo();
    await expect.poll(async () => (await storedDesign(page))!.items[0]!.left).toBeLessThan(right.left);
    await keyboard.redo();
    await expect.poll(async () => (await storedDesign(page))!.items[0]!.left).toBe(right.left);
    await keyboard.press('Shift+ArrowLeft');
    await expect.poll(async () => (await storedDesign(page))!.items[0]!.left).toBe(right.left - 100);

    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await page.context().close();
  });

  it('snaps a dragged item to the centre line', async () => {
    const page = await openEditor();
    const pointer = new Pointer(page);
    await tool(page, 'addIcon').click();
    await page.locator('lp-print-editor .picker button[aria-label="Stern"]').click();
    await expect.poll(async () => (await storedDesign(page))?.items.length).toBe(1);
    const icon = (await storedDesign(page))!.items[0]!;
    await pointer.downAt(icon.left + 100, icon.top + 100);
    await pointer.moveTo(icon.left + 100 - 1000, icon.top + 100);
    await pointer.moveTo(icon.left + 100 - 40, icon.top + 100);
    await pointer.up();
    await expect.poll(async () => (await storedDesign(page))!.items[0]!.left).toBe(2928);
    await page.context().close();
  });

  it('exports a 6056 x 300 PNG, uploads it to the real API and adds the design to the cart', async () => {
    const page = await openEditor();
    await tool(page, 'addText').click();
    await page.locator('lp-print-editor #lp-prop-text').fill('Autohaus Müller');
    await page
      .locator('lp-print-editor input[data-command="setBackground"]')
      .evaluate((input: HTMLInputElement) => {
        input.value = '#ff0000';
        input.dispatchEvent(new Event('change', { bubbles: true }));
      });
    await tool(page, 'export').click();
    await expect.poll(async () => (await events(page)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    const [added, closed] = (await events(page)) as {
      name: string;
      detail: { url: string; reason: string };
    }[];
    expect(added!.name).toBe('lp-add-to-cart');
    expect(closed).toMatchObject({ name: 'lp-close', detail: { reason: 'ordered' } });

    const url = added!.detail.url;
    const served = await fetch(url);
    expect(served.status).toBe(200);
    const png = Buffer.from(await served.arrayBuffer());
    expect(pngSize(png)).toEqual([6056, 300]);

    const appState = await page.evaluate(() => JSON.parse(localStorage.getItem('AppState') ?? '{}'));
    const cart = await (
      await fetch(`${world.api.url}/api/Cart/getCart`, { headers: { CartGuid: appState.CartGuid } })
    ).json();
    const line = cart.items.find((i: { productUniqueId: string }) =>
      /^KZH-0(29|3\d|4[01])$/.test(i.productUniqueId),
    );
    expect(line.addData[0].info.Attributes['Design-Bild']).toBe(url);
    const doc = JSON.parse(line.addData[0].info.Attributes['Design-Dokument']);
    expect(doc.items.map((i: { type: string; value: string }) => i.value)).toContain('Autohaus Müller');
    // Ordered: the stored copy is cleared.
    await expect.poll(() => storedDesign(page)).toBeNull();
    await page.context().close();
  });

  it('shows the error toast and keeps the design when the upload fails', async () => {
    const page = await openEditor();
    await page.route('**/api/Cart/addCartItemImage', (route) => route.fulfill({ status: 500, body: '{}' }));
    await tool(page, 'addIcon').click();
    await page.locator('lp-print-editor .picker button[aria-label="Auto"]').click();
    await tool(page, 'export').click();
    const toast = page.locator('lp-print-editor .toast');
    await expect
      .poll(() => toast.textContent(), { timeout: 30_000 })
      .toContain('Es ist ein Fehler aufgetreten, bitte teilen Sie uns dies mit.');
    await expect
      .poll(async () => ((await events(page)) as { name: string }[]).map((e) => e.name))
      .toEqual(['lp-error']);
    expect((await storedDesign(page))!.items).toHaveLength(1);
    await expect.poll(() => tool(page, 'delete').isEnabled()).toBe(true);

    // The design survives a reload.
    await page.reload();
    await page.locator('lp-print-editor .stage canvas').first().waitFor();
    await expect.poll(() => page.locator('lp-print-editor .item-button').count()).toBe(1);
    await page.context().close();
  });

  it('fits a 320 px wide screen and selects with a finger tap', async () => {
    const page = await openEditor(320, true);
    // Measured once the editor has taken its phone layout.
    await expect.poll(() => page.locator('lp-print-editor .editor.is-mobile').count()).toBe(1);
    const box = await page.locator('lp-print-editor .stage').boundingBox();
    expect(box!.width).toBeGreaterThan(200);
    // Phone layout: the full 300 px height in a working view about 800 canvas px wide (the whole 6056 px strip
    // would be 14 px tall here).
    expect(box!.width / box!.height).toBeCloseTo(800 / 300, 0);
    expect(box!.height).toBeGreaterThan(60);
    await tool(page, 'addText').click();
    await page.locator('lp-print-editor .item-button').first().waitFor();
    await page.locator('lp-print-editor .stage').focus();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.locator('lp-print-editor .item-button[aria-pressed="true"]').count())
      .toBe(0);
    const stage = (await page.locator('lp-print-editor .stage').boundingBox())!;
    await page.touchscreen.tap(stage.x + stage.width / 2, stage.y + stage.height / 2);
    await expect
      .poll(() => page.locator('lp-print-editor .item-button[aria-pressed="true"]').count())
      .toBe(1);
    await expect.poll(() => page.locator('lp-print-editor .editor.is-mobile').count()).toBe(1);
    await page.context().close();
  });
});
