// A shopper on a phone puts a photo from the camera onto a print (390 x 844, touch, Chromium). The camera wrote the
// photo sideways with EXIF orientation 6, with the owner's name and the GPS position beside it: the photo is upright
// on the canvas and in the exported print, and neither the upload request nor the stored file carries the position
// or the name (DSGVO data minimisation). A WebP (what Android phones and messengers save) and a GIF are printed too,
// uploaded as JPEG or PNG; of an animated GIF the first frame, and the editor says so. Files a phone hands over that
// cannot be used (HEIC, an empty cloud placeholder, a PDF named .jpg, a 16,000 px PNG bomb of a few KB) each get a
// German message saying what to do, and nothing is uploaded; the message lets the shopper tap on at once.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { MAX_UPLOAD_BYTES } from '@lp/sdk/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exifSegment,
  LATITUDE_BYTES,
  PERSONAL,
  withCameraMetadata,
} from '../../packages/api/__tests__/support/cameraJpeg';
import { stageOf, storedDesign, tool } from './editorDriver';
import { gif, HEIC, pngBomb } from './phoneFiles';
import { type EditorWorld, startEditorWorld, WIDGET_DIR } from './editorWorld';

const { createCanvas } = createRequire(join(WIDGET_DIR, 'package.json'))('@napi-rs/canvas') as {
  createCanvas(
    w: number,
    h: number,
  ): {
    getContext(kind: '2d'): CanvasRenderingContext2D;
    toBuffer(type: string, quality?: number): Buffer;
  };
};

let world: EditorWorld;
beforeAll(async () => {
  world = await startEditorWorld();
});
afterAll(async () => {
  await world?.close();
});

/** A picture as the camera stored it: left half red, right half blue. Shown with orientation 6, red is on top. */
function sidewaysPhoto(
  width: number,
  height: number,
  type: 'image/jpeg' | 'image/png' | 'image/webp' = 'image/jpeg',
) {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ff0000';
  context.fillRect(0, 0, width / 2, height);
  context.fillStyle = '#0000ff';
  context.fillRect(width / 2, 0, width / 2, height);
  return canvas.toBuffer(type, 90);
}

async function openOnPhone() {
  const context = await world.browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  // What leaves the phone: the picture part of each upload form, read before fetch sends it.
  await context.addInitScript(() => {
    const sent: string[] = [];
    (window as unknown as { __uploads: string[] }).__uploads = sent;
    const original = window.fetch;
    window.fetch = async (input, init) => {
      const image = init?.body instanceof FormData ? init.body.get('Image') : null;
      if (image instanceof Blob) {
        const bytes = new Uint8Array(await image.arrayBuffer());
        sent.push(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
      }
      return original(input, init);
    };
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${world.site.url}/`);
  await stageOf(page).locator('canvas').first().waitFor();
  const uploads = async () =>
    (await page.evaluate(() => (window as unknown as { __uploads: string[] }).__uploads)).map((text) =>
      Buffer.from(text, 'latin1'),
    );
  return { page, uploads, errors };
}

const pick = (page: Page, name: string, mimeType: string, buffer: Buffer) =>
  page.locator('lp-print-editor input[type="file"]').setInputFiles({ name, mimeType, buffer });

function expectNothingPersonal(bytes: Buffer) {
  for (const text of PERSONAL) expect(bytes.includes(Buffer.from(text, 'latin1')), text).toBe(false);
  expect(bytes.includes(LATITUDE_BYTES), 'GPS latitude').toBe(false);
}

/** Where red and where blue pixels are in the picture at `src` (decoded by the page, as the shop shows it). */
function colourBoxes(page: Page, src: string) {
  return page.evaluate(async (url) => {
    const bitmap = await createImageBitmap(await (await fetch(url)).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    const box = () => ({ top: Infinity, bottom: -1, left: Infinity, right: -1 });
    const red = box();
    const blue = box();
    for (let y = 0; y < bitmap.height; y++)
      for (let x = 0; x < bitmap.width; x++) {
        const [r, g, b] = [
          data[(y * bitmap.width + x) * 4]!,
          data[(y * bitmap.width + x) * 4 + 1]!,
          data[(y * bitmap.width + x) * 4 + 2]!,
        ];
        const into = r > 200 && g < 60 && b < 60 ? red : b > 200 && r < 60 && g < 60 ? blue : null;
        if (!into) continue;
        into.top = Math.min(into.top, y);
        into.bottom = Math.max(into.bottom, y);
        into.left = Math.min(into.left, x);
        into.right = Math.max(into.right, x);
      }
    return { width: bitmap.width, height: bitmap.height, red, blue };
  }, src);
}

describe('a photo from the phone camera', () => {
  it('is upright in the editor and the print, and its GPS position and owner never leave the phone', async () => {
    const { page, uploads, errors } = await openOnPhone();
    // Stored 600 x 400 (sideways), shown 400 x 600: a portrait taken upright.
    const photo = withCameraMetadata(sidewaysPhoto(600, 400), 6);
    await pick(page, 'IMG_0042.jpg', 'image/jpeg', photo);
    await expect
      .poll(async () => (await storedDesign(page))?.items[0]?.value ?? '', { timeout: 20_000 })
      .toMatch(/\/uploads\/[a-f0-9]{64}\.jpg$/);
    const image = (await storedDesign(page))!.items[0]!;
    // Portrait on the canvas: 200 high, two thirds of that wide.
    expect(image).toMatchObject({ type: 'image', height: 200, width: 133 });

    const sent = await uploads();
    expect(sent).toHaveLength(1);
    expectNothingPersonal(sent[0]!);
    const stored = Buffer.from(await (await fetch(image.value)).arrayBuffer());
    expectNothingPersonal(stored);
    // Upright in its pixels (no orientation left to apply): red on top, blue below.
    const uploaded = await colourBoxes(page, image.value);
    expect([uploaded.width, uploaded.height]).toEqual([400, 600]);
    expect(uploaded.red.bottom).toBeLessThan(uploaded.blue.top);

    // The print file the shop receives: the design PNG, photo upright where it was placed.
    await tool(page, 'export').tap();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __events: unknown[] }).__events.length), {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(2);
    const events = await page.evaluate(
      () => (window as unknown as { __events: { name: string; detail: { url?: string } }[] }).__events,
    );
    expect(events[0]!.name).toBe('lp-add-to-cart');
    const print = await colourBoxes(page, events[0]!.detail.url!);
    expect([print.width, print.height]).toEqual([6056, 300]);
    expect(print.red.top).toBeGreaterThanOrEqual(image.top - 1);
    expect(print.red.bottom).toBeLessThan(print.blue.top);
    expect(print.blue.bottom).toBeLessThanOrEqual(image.top + image.height + 1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('takes a 12 MP camera JPEG of several MB and uploads it at 2000 px, without EXIF', async () => {
    const { page, uploads, errors } = await openOnPhone();
    // Noise so the JPEG is as big as a camera's (a flat picture would compress to a few KB).
    const canvas = createCanvas(4032, 3024);
    const context = canvas.getContext('2d');
    const noise = context.createImageData(4032, 3024);
    for (let i = 0; i < noise.data.length; i++) noise.data[i] = (i * 2654435761) >>> 24;
    context.putImageData(noise, 0, 0);
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      exifSegment(1),
      canvas.toBuffer('image/jpeg', 92).subarray(2),
    ]);
    expect(jpeg.length).toBeGreaterThan(3 * 1024 * 1024);
    await pick(page, 'IMG_0043.jpg', 'image/jpeg', jpeg);
    await expect
      .poll(async () => (await storedDesign(page))?.items[0]?.value ?? '', { timeout: 60_000 })
      .toMatch(/\/uploads\/[a-f0-9]{64}\.jpg$/);
    const sent = await uploads();
    expect(sent).toHaveLength(1);
    expectNothingPersonal(sent[0]!);
    const image = (await storedDesign(page))!.items[0]!;
    const uploaded = await colourBoxes(page, image.value);
    expect([uploaded.width, uploaded.height]).toEqual([2000, 1500]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  // Session 25 review: every PNG is drawn again, and a noisy one came out over the API's 10 MB cap: the shopper got
  // the generic error. It is drawn once more at the size the cap allows, transparency kept.
  it('uploads a noisy 2000 px PNG that comes out over the upload cap, smaller and still transparent', async () => {
    const { page, uploads, errors } = await openOnPhone();
    const canvas = createCanvas(2000, 2000);
    const context = canvas.getContext('2d');
    const noise = context.createImageData(2000, 2000);
    noise.data.set(randomBytes(noise.data.length)); // noise no PNG filter can shrink
    context.putImageData(noise, 0, 0);
    const png = canvas.toBuffer('image/png');
    expect(png.length).toBeGreaterThan(MAX_UPLOAD_BYTES);
    await pick(page, 'rauschen.png', 'image/png', png);
    await expect
      .poll(async () => (await storedDesign(page))?.items[0]?.value ?? '', { timeout: 60_000 })
      .toMatch(/\/uploads\/[a-f0-9]{64}\.png$/);
    const sent = await uploads();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.length).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
    const uploaded = await colourBoxes(page, (await storedDesign(page))!.items[0]!.value);
    expect(uploaded.width).toBeLessThan(2000);
    expect(uploaded.width).toBe(uploaded.height);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps a PNG transparent', async () => {
    const { page, errors } = await openOnPhone();
    const canvas = createCanvas(300, 100);
    canvas.getContext('2d').fillStyle = '#ff0000';
    canvas.getContext('2d').fillRect(0, 0, 150, 100); // the right half stays transparent
    await pick(page, 'sticker.png', 'image/png', canvas.toBuffer('image/png'));
    await expect
      .poll(async () => (await storedDesign(page))?.items[0]?.value ?? '', { timeout: 20_000 })
      .toMatch(/\.png$/);
    const src = (await storedDesign(page))!.items[0]!.value;
    const alpha = await page.evaluate(async (url) => {
      const bitmap = await createImageBitmap(await (await fetch(url)).blob());
      const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      return [context.getImageData(10, 50, 1, 1).data[3], context.getImageData(290, 50, 1, 1).data[3]];
    }, src);
    expect(alpha).toEqual([255, 0]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('WebP and GIF, as Android phones and messengers save pictures', () => {
  it('prints a WebP photo, uploaded as JPEG', async () => {
    const { page, uploads, errors } = await openOnPhone();
    const webp = sidewaysPhoto(600, 400, 'image/webp');
    expect(webp.includes('VP8 ')).toBe(true); // lossy, as a phone saves a photo (behind VP8X and an ICC profile)
    await pick(page, 'IMG-20261126-WA0003.webp', 'image/webp', webp);
    await expect
      .poll(async () => (await storedDesign(page))?.items[0]?.value ?? '', { timeout: 20_000 })
      .toMatch(/\/uploads\/[a-f0-9]{64}\.jpg$/);
    expect(await uploads()).toHaveLength(1);
    const uploaded = await colourBoxes(page, (await storedDesign(page))!.items[0]!.value);
    expect([uploaded.width, uploaded.height]).toEqual([600, 400]);
    expect(uploaded.red.right).toBeLessThan(uploaded.blue.left);
    expect(await page.locator('lp-print-editor .status').textContent()).toBe('');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('prints the first frame of an animated GIF, as PNG, and says so', async () => {
    const { page, errors } = await openOnPhone();
    await pick(page, 'lustig.gif', 'image/gif', gif(16, [0, 1, 1]));
    await expect
      .poll(async () => (await storedDesign(page))?.items[0]?.value ?? '', { timeout: 20_000 })
      .toMatch(/\/uploads\/[a-f0-9]{64}\.png$/);
    const uploaded = await colourBoxes(page, (await storedDesign(page))!.items[0]!.value);
    expect(uploaded).toMatchObject({
      width: 16,
      height: 16,
      red: { top: 0, left: 0, bottom: 15, right: 15 },
    });
    expect(uploaded.blue.right).toBe(-1); // no pixel of the later frames
    await expect
      .poll(() => page.locator('lp-print-editor [role="status"]').textContent())
      .toBe('Animiertes Bild: Gedruckt wird nur das erste Bild der Animation.');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('an error message on a phone', () => {
  it('is read out without taking focus, and a tap on the toolbar under it works at once and closes it', async () => {
    const { page, errors } = await openOnPhone();
    await pick(page, 'IMG_0046.jpg', 'image/jpeg', Buffer.alloc(0));
    const toast = page.locator('lp-print-editor .toast');
    await expect.poll(() => toast.textContent(), { timeout: 20_000 }).toContain('Die Datei ist leer');
    expect(await toast.getAttribute('role')).toBe('alert');
    expect(
      await page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.closest('.toast') ?? null),
    ).toBeNull();
    // The case the shopper met: the message lies over "Text" (390 px wide, top right).
    const [over, text] = [await toast.boundingBox(), await tool(page, 'addText').boundingBox()];
    expect(over!.y < text!.y + text!.height && text!.y < over!.y + over!.height).toBe(true);
    expect(over!.x < text!.x + text!.width && text!.x < over!.x + over!.width).toBe(true);
    const started = Date.now();
    // Well under the message's 10 s: a covered button would make the tap wait until the message is gone.
    await tool(page, 'addText').tap({ timeout: 3_000 });
    await expect.poll(async () => (await storedDesign(page))?.items.length).toBe(1);
    expect(await toast.count()).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('files a phone hands over that cannot be printed', () => {
  it.each([
    [
      'an iPhone HEIC',
      'IMG_0044.HEIC',
      'image/heic',
      () => HEIC,
      'Fotos im Format HEIC kann der Browser nicht öffnen',
    ],
    ['an empty cloud placeholder', 'IMG_0045.jpg', 'image/jpeg', () => Buffer.alloc(0), 'Die Datei ist leer'],
    [
      'a PDF named .jpg',
      'rechnung.jpg',
      'image/jpeg',
      () => Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'),
      'im Format PNG, JPEG, WebP, GIF oder SVG',
    ],
    [
      'a 16,000 px PNG of a few KB',
      'bomb.png',
      'image/png',
      () => pngBomb(16_000),
      'höchstens 50 Megapixeln',
    ],
    [
      'a GIF bomb: a 1 x 1 screen whose frame claims 60,000 x 60,000',
      'klein.gif',
      'image/gif',
      () => gif(1, [0], 60_000),
      'höchstens 50 Megapixeln',
    ],
  ])('%s: a German message, nothing uploaded, the page alive', async (_what, name, type, bytes, message) => {
    const { page, uploads, errors } = await openOnPhone();
    const file = bytes();
    await pick(page, name, type, file);
    await expect
      .poll(() => page.locator('lp-print-editor .toast').textContent(), { timeout: 20_000 })
      .toContain(message);
    expect(await uploads()).toEqual([]);
    expect((await storedDesign(page))?.items ?? []).toEqual([]);
    // Still working: the shopper closes the message (on a phone it lies over the toolbar) and adds a text.
    await page.locator('lp-print-editor .toast-close').tap();
    await tool(page, 'addText').tap();
    await expect.poll(async () => (await storedDesign(page))?.items.length).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
