// A picked picture the editor cannot use (session 26 review of the phone-photo work). The same refusal twice in a
// row is read out again and gets its own 10 s; on a phone, where a tap closes the message, its text stays under the
// editor until the next pick; a picture narrower than 1:50 (a 2 x 300 px line) is refused in German instead of
// becoming an invisible item.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageOf, storedDesign } from './editorDriver';
import { type EditorWorld, startEditorWorld, WIDGET_DIR } from './editorWorld';
import { HEIC } from './phoneFiles';

const { createCanvas } = createRequire(join(WIDGET_DIR, 'package.json'))('@napi-rs/canvas') as {
  createCanvas(
    w: number,
    h: number,
  ): { getContext(kind: '2d'): CanvasRenderingContext2D; toBuffer(type: string): Buffer };
};

let world: EditorWorld;
beforeAll(async () => {
  world = await startEditorWorld();
});
afterAll(async () => {
  await world?.close();
});

async function open(phone: boolean): Promise<Page> {
  const context = await world.browser.newContext(
    phone
      ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
      : { viewport: { width: 1280, height: 900 } },
  );
  const page = await context.newPage();
  await page.goto(`${world.site.url}/`);
  await stageOf(page).locator('canvas').first().waitFor();
  return page;
}

const pick = (page: Page, name: string, mimeType: string, buffer: Buffer) =>
  page.locator('lp-print-editor input[type="file"]').setInputFiles({ name, mimeType, buffer });

const EMPTY = 'Die Datei ist leer.';
const HEIC_ADVICE = 'am iPhone: Einstellungen > Kamera > Formate > „Maximale Kompatibilität“';

describe('a refused picture', () => {
  it('picked twice in a row is a fresh alert, read out again, with its own 10 s', async () => {
    const page = await open(false);
    const toast = page.locator('lp-print-editor .toast');
    await pick(page, 'IMG_0045.jpg', 'image/jpeg', Buffer.alloc(0));
    await expect.poll(() => toast.textContent(), { timeout: 20_000 }).toContain(EMPTY);
    const first = Date.now();
    // Marks the alert node shown now: a screen reader reads an alert when it is put into the page, not again.
    await toast.evaluate((node) => node.setAttribute('data-seen', ''));
    await page.waitForTimeout(4_000);
    await pick(page, 'IMG_0045.jpg', 'image/jpeg', Buffer.alloc(0));
    await expect.poll(() => toast.getAttribute('data-seen'), { timeout: 10_000 }).toBeNull();
    const second = Date.now();
    expect(await toast.textContent()).toContain(EMPTY);
    // 10 s after the first pick the second message is still there; it closes 10 s after the second.
    await page.waitForTimeout(Math.max(0, first + 11_000 - Date.now()));
    expect(await toast.count()).toBe(1);
    await expect.poll(() => toast.count(), { timeout: 10_000 }).toBe(0);
    expect(Date.now() - second).toBeGreaterThanOrEqual(9_500);
    await page.context().close();
  });

  it('on a phone stays readable under the editor after a tap closed its message, until the next pick', async () => {
    const page = await open(true);
    const toast = page.locator('lp-print-editor .toast');
    const kept = page.locator('lp-print-editor .refusal');
    await pick(page, 'IMG_0044.HEIC', 'image/heic', HEIC);
    await expect.poll(() => toast.textContent(), { timeout: 20_000 }).toContain(HEIC_ADVICE);
    expect(await kept.count()).toBe(0); // shown once at a time
    // The shopper taps on the message to read it: on a phone that closes it (it lets taps through to the toolbar).
    const box = (await toast.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => toast.count()).toBe(0);
    expect(await kept.textContent()).toContain(HEIC_ADVICE);
    expect(
      await kept.evaluate((node) => node.closest('[aria-live], [role="status"], [role="alert"]')),
    ).toBeNull();
    // The next picture, a good one, takes its place.
    const canvas = createCanvas(60, 40);
    canvas.getContext('2d').fillRect(0, 0, 60, 40);
    await pick(page, 'logo.png', 'image/png', canvas.toBuffer('image/png'));
    await expect.poll(async () => (await storedDesign(page))?.items.length, { timeout: 20_000 }).toBe(1);
    expect(await kept.count()).toBe(0);
    await page.context().close();
  });

  it('narrower than 1:50 is refused in German, nothing uploaded and no invisible item', async () => {
    const page = await open(false);
    const uploads: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && uploads.push(request.url()));
    const canvas = createCanvas(2, 300);
    canvas.getContext('2d').fillRect(0, 0, 2, 300);
    await pick(page, 'linie.png', 'image/png', canvas.toBuffer('image/png'));
    await expect
      .poll(() => page.locator('lp-print-editor .toast').textContent(), { timeout: 20_000 })
      .toContain('Das Bild ist zu schmal oder zu flach für einen Druck.');
    expect(uploads).toEqual([]);
    expect((await storedDesign(page))?.items ?? []).toEqual([]);
    await page.context().close();
  });
});
