// The print editor without a mouse and with a screen reader (session 10 audit): focus never falls out of the
// editor when a picker closes or a button disables itself, every change a sighted shopper sees is said in the
// polite live region, and refusals (a picture above 20 MB, ordering an untouched design) are alerts in German.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageOf, storedDesign, tool } from './editorDriver';
import { type EditorWorld, startEditorWorld } from './editorWorld';

let world: EditorWorld;

beforeAll(async () => {
  world = await startEditorWorld();
});
afterAll(async () => {
  await world?.close();
});

async function openEditor(): Promise<Page> {
  const page = await world.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${world.site.url}/`);
  await stageOf(page).locator('canvas').first().waitFor();
  return page;
}

/** What has keyboard focus, through the shadow root: a command, the print area, or the page itself. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.querySelector('lp-print-editor')!.shadowRoot!.activeElement as HTMLElement | null;
    if (!active) return 'page';
    if (active.classList.contains('stage')) return 'print area';
    return active.dataset.command ?? active.getAttribute('aria-label') ?? active.textContent ?? '';
  });

const liveRegion = (page: Page) => page.locator('lp-print-editor [aria-live="polite"]');
const said = async (page: Page) => (await liveRegion(page).textContent())?.trim();

describe('print editor with keyboard and screen reader', () => {
  it('keeps focus in the editor after pickers, Löschen and Rückgängig, and says what changed', async () => {
    const page = await openEditor();
    const emoji = tool(page, 'addSmile');

    // Escape closes the emoji picker and returns to the button that opened it.
    await emoji.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('Lachendes Gesicht');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('lp-print-editor .picker').count()).toBe(0);
    expect(await focused(page)).toBe('addSmile');

    // Tab away from an open picker closes it; focus stays where the shopper moved it.
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('Lachendes Gesicht');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => page.locator('lp-print-editor .picker').count()).toBe(0);
    expect(await focused(page)).toBe('addSmile');
    expect(await emoji.getAttribute('aria-expanded')).toBe('false');

    // Picking an emoji adds it, says so, and focus is back on "Emoji".
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('Lachendes Gesicht');
    await page.keyboard.press('Enter');
    await expect.poll(() => said(page)).toBe('Hinzugefügt: Emoji 😀');
    expect(await focused(page)).toBe('addSmile');

    // "Löschen" disables itself with the last item gone: focus moves to the print area, not to the page.
    await tool(page, 'delete').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => said(page)).toBe('Gelöscht: Emoji 😀');
    await expect.poll(() => focused(page)).toBe('print area');

    await page.keyboard.press('Control+z');
    await expect.poll(() => said(page)).toBe('Rückgängig gemacht. Hinzugefügt: Emoji 😀');
    expect((await storedDesign(page))?.items).toHaveLength(1);

    // "Rückgängig" at the start of the history disables itself: focus again lands in the print area.
    await tool(page, 'undo').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => said(page)).toBe('Rückgängig gemacht. Gelöscht: Emoji 😀');
    await expect.poll(() => focused(page)).toBe('print area');
    expect(await tool(page, 'undo').isDisabled()).toBe(true);

    // The same change twice is said twice (the region's text changes).
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => said(page)).toBe('Wiederhergestellt. Hinzugefügt: Emoji 😀');
    await page.keyboard.press('Escape');
    await expect.poll(() => said(page)).toBe('Auswahl aufgehoben');
    await page.close();
  });

  it('gives focus back to "Bild" after the picture is uploaded and says it was added', async () => {
    const page = await openEditor();
    // Enter on "Bild" opens the file dialog (headless Chromium cancels it); the file is then picked as a
    // dialog would pick it.
    await tool(page, 'addImage').focus();
    await page.keyboard.press('Enter');
    // 1 x 1 PNG: uploaded through the real API while every tool (Bild too) is disabled.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    await page
      .locator('lp-print-editor input[type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => said(page), { timeout: 30_000 }).toBe('Hinzugefügt: Bild');
    await expect.poll(() => focused(page)).toBe('addImage');
    await page.close();
  });

  it('refuses a picture above 20 MB and an untouched design in German, and announces saving', async () => {
    const page = await openEditor();
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('addCartItemImage')) uploads.push(request.url());
    });
    const alert = page.locator('lp-print-editor [role="alert"]');

    // A real PNG signature, 21 MB: the shopper picked a PNG, so "choose PNG, JPEG or SVG" would be wrong.
    const huge = Buffer.alloc(21 * 1024 * 1024);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(huge);
    await page
      .locator('lp-print-editor input[type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: huge });
    await expect
      .poll(() => alert.textContent())
      .toContain('Das Bild ist zu groß. Bitte wählen Sie eine Datei bis 20 MB.');
    await page.locator('lp-print-editor .toast-close').click();

    // Ordering the untouched (all black) strip is refused: nothing uploaded, nothing in the cart, editor open.
    await tool(page, 'export').click();
    await expect
      .poll(() => alert.textContent())
      .toContain(
        'Ihr Druck ist noch leer. Fügen Sie zuerst Text, ein Emoji, ein Symbol oder ein Bild hinzu.',
      );
    const names = () =>
      page.evaluate(() =>
        (window as unknown as { __events: { name: string }[] }).__events.map((event) => event.name),
      );
    expect(await names()).toEqual(['lp-error']); // the picture's, above
    expect(uploads).toEqual([]);
    await page.locator('lp-print-editor .toast-close').click();

    // The status region is in the page before "Wird gespeichert …" appears in it, so screen readers read it.
    const status = page.locator('lp-print-editor [role="status"]');
    await status.evaluate((element) => element.setAttribute('data-seen', 'before'));
    await tool(page, 'addText').click();
    await tool(page, 'export').click();
    await expect.poll(() => status.textContent()).toBe('Wird gespeichert …');
    expect(await status.getAttribute('data-seen')).toBe('before');
    await expect.poll(names, { timeout: 30_000 }).toEqual(['lp-error', 'lp-add-to-cart', 'lp-close']);
    expect(uploads).toHaveLength(1);
    await page.close();
  });

  it('orders once when "In den Warenkorb" is tapped twice while the product still loads', async () => {
    const page = await world.browser.newPage({ viewport: { width: 1280, height: 900 } });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/getproducts*', async (route) => {
      await held;
      await route.continue();
    });
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('addCartItemImage')) uploads.push(request.url());
    });
    await page.goto(`${world.site.url}/`);
    await stageOf(page).locator('canvas').first().waitFor();
    await tool(page, 'addText').click();
    await tool(page, 'export').dblclick();
    release();
    const names = () =>
      page.evaluate(() =>
        (window as unknown as { __events: { name: string }[] }).__events.map((event) => event.name),
      );
    await expect.poll(names, { timeout: 30_000 }).toContain('lp-close');
    // A second order would have been under way by now (the first one's upload and add are done).
    await expect
      .poll(() => page.locator('lp-print-editor [data-command="export"]').textContent())
      .toBe('In den Warenkorb');
    expect(await names()).toEqual(['lp-add-to-cart', 'lp-close']);
    expect(uploads).toHaveLength(1);
    await page.close();
  });

  it('gives the error toast a close button a finger can hit on a phone', async () => {
    const context = await world.browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto(`${world.site.url}/`);
    await stageOf(page).locator('canvas').first().waitFor();
    await page.route('**/api/Cart/addCartItemImage', (route) => route.abort());
    await tool(page, 'addText').tap();
    await tool(page, 'export').tap();
    const close = page.locator('lp-print-editor .toast-close');
    await close.waitFor({ timeout: 30_000 });
    const box = (await close.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await close.tap();
    await expect.poll(() => page.locator('lp-print-editor .toast').count()).toBe(0);
    await context.close();
  });
});
