// The print editor once more as a dealer page gets it: the BUILT script tag (dist/lp-widget.js) loads the lazy
// chunk dist/lp-editor.js when <lp-print-editor> appears (CONVENTIONS: run browser tests against the built bundle
// too), plus an accessibility scan of the element, and the font request from the chunk's own folder (/ and the
// versioned /widget/<version>/).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { type RunningApi, startApi } from '@lp/api';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaticServer, launchBrowser, serveStatic } from '../support/browser';
import { WIDGET_DIST, ensureWidgetBuilt } from '../widget/widgetWorld';
import { GREEN_SVG, Keyboard, Pointer, stagePixel, storedDesign, tool } from './editorDriver';

let browser: Browser;
let site: StaticServer;
/** The same dist/ under /widget/<version>/, as the shop serves it to dealer pages. */
let versionedSite: StaticServer;
let api: RunningApi;
const pages: Record<string, string> = {};
const version = (
  JSON.parse(readFileSync(join(WIDGET_DIST, '..', 'package.json'), 'utf8')) as { version: string }
).version;
const versionedRoot = mkdtempSync(join(tmpdir(), 'lp-widget-versioned-'));

const editorPage = (widgetSrc: string) =>
  `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Druck-Editor</title>
<link rel="icon" href="data:,">
<script src="${widgetSrc}" data-api="${api.url}" data-company="lp-de" async></script></head>
<body><main><h1>Druck-Editor</h1><lp-print-editor></lp-print-editor></main>
<script>window.__events = []; for (const n of ['lp-close', 'lp-error']) document.addEventListener(n, (e) => window.__events.push(n));</script>
</body></html>`;

beforeAll(async () => {
  ensureWidgetBuilt();
  mkdirSync(join(versionedRoot, 'widget'));
  symlinkSync(WIDGET_DIST, join(versionedRoot, 'widget', version), 'dir');
  [site, versionedSite, browser] = await Promise.all([
    serveStatic(WIDGET_DIST, { pages }),
    serveStatic(versionedRoot, { pages }),
    launchBrowser(),
  ]);
  api = await startApi({
    port: 0,
    dataDir: 'memory',
    rateLimit: false,
    corsOrigins: [site.url, versionedSite.url],
  });
  pages['/editor.html'] = editorPage('/lp-widget.js');
  pages['/shop/versioned.html'] = editorPage(`/widget/${version}/lp-widget.js`);
});

afterAll(async () => {
  await browser?.close();
  await api?.close();
  await site?.close();
  await versionedSite?.close();
  rmSync(versionedRoot, { recursive: true, force: true });
});

describe('print editor from the built chunk', () => {
  it('adds, undoes and exports into the cart', async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 800 } });
    await page.goto(`${site.url}/editor.html`);
    await page.locator('lp-print-editor .stage canvas').first().waitFor();
    await tool(page, 'addText').click();
    await tool(page, 'duplicate').click();
    await expect.poll(async () => (await storedDesign(page))?.items.length).toBe(2);
    await page.locator('lp-print-editor .stage').focus();
    await new Keyboard(page).undo();
    await expect.poll(async () => (await storedDesign(page))?.items.length).toBe(1);
    await tool(page, 'export').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __events: string[] }).__events), {
        timeout: 30_000,
      })
      .toEqual(['lp-close']);
    await page.close();
  });

  it('resizes with a corner handle as one undo step', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/editor.html`);
    await page.locator('lp-print-editor .stage canvas').first().waitFor();
    await tool(page, 'addIcon').click();
    await page.locator('lp-print-editor .picker button[aria-label="Schlüssel"]').click();
    await expect.poll(async () => (await storedDesign(page))?.items.length).toBe(1);
    const before = (await storedDesign(page))!.items[0]!;
    const pointer = new Pointer(page);
    await pointer.downAt(before.left + before.width, before.top + before.height);
    await pointer.moveTo(before.left + before.width - 100, before.top + before.height - 100);
    await pointer.up();
    await expect.poll(async () => (await storedDesign(page))!.items[0]!.height).toBeLessThan(150);
    const after = (await storedDesign(page))!.items[0]!;
    expect(after.width).toBe(after.height); // aspect kept
    await tool(page, 'undo').click();
    await expect.poll(async () => (await storedDesign(page))!.items[0]!.height).toBe(200);
    await page.close();
  });

  it('rasterises an SVG from disk to PNG, uploads it and draws it from the returned URL', async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 800 } });
    await page.goto(`${site.url}/editor.html`);
    await page.locator('lp-print-editor .stage canvas').first().waitFor();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#00ff00"/></svg>';
    await page
      .locator('lp-print-editor input[type="file"]')
      .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
    await expect
      .poll(async () => (await storedDesign(page))?.items[0]?.value ?? '')
      .toMatch(/\/uploads\/[a-f0-9]{64}\.png$/);
    const image = (await storedDesign(page))!.items[0]!;
    expect(image).toMatchObject({ type: 'image', height: 200, width: 400 });
    const stored = Buffer.from(await (await fetch(image.value)).arrayBuffer());
    expect(stored.subarray(1, 4).toString()).toBe('PNG');
    // Drawn from the API URL (CORS-clean, so export still works): green where the picture is.
    await expect
      .poll(() => stagePixel(page, image.left + image.width / 2, image.top + image.height / 2))
      .toEqual([0, 255, 0, 255]);

    // A file that only claims to be a picture is refused with a German message, nothing is uploaded.
    await page.locator('lp-print-editor input[type="file"]').setInputFiles({
      name: 'evil.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<html><script>alert(1)</script>'),
    });
    await expect
      .poll(() => page.locator('lp-print-editor .toast').textContent())
      .toContain('Bitte wählen Sie ein Bild im Format PNG, JPEG, WebP, GIF oder SVG.');
    expect((await storedDesign(page))!.items).toHaveLength(1);
    await page.close();
  });

  // Session 26: the photo code (format checks, pixel-bomb guard, re-encoding) is a chunk of its own,
  // lp-editor-photo.js, fetched from lp-editor.js's folder when a picture is picked, not with the editor.
  it('loads the photo code from the versioned folder only when a picture is picked', async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 800 } });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(`${versionedSite.url}/shop/versioned.html`);
    await page.locator('lp-print-editor .stage canvas').first().waitFor();
    await tool(page, 'addText').click();
    expect(requests.filter((path) => path.includes('photo'))).toEqual([]);
    await page.locator('lp-print-editor input[type="file"]').setInputFiles(GREEN_SVG);
    await expect
      .poll(async () => (await storedDesign(page))?.items[1]?.value ?? '')
      .toMatch(/\/uploads\/[a-f0-9]{64}\.png$/);
    expect(requests.filter((path) => path.includes('photo'))).toEqual([
      `/widget/${version}/lp-editor-photo.js`,
    ]);
    await page.close();
  });

  it('offline after opening: a German message, the editor keeps working, and the next pick online works', async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 800 } });
    await page.goto(`${site.url}/editor.html`);
    await page.locator('lp-print-editor .stage canvas').first().waitFor();
    // The connection drops: the photo chunk cannot be fetched (the upload could not be sent either).
    await page.route('**/lp-editor-photo.js', (route) => route.abort('internetdisconnected'));
    await page.locator('lp-print-editor input[type="file"]').setInputFiles(GREEN_SVG);
    await expect
      .poll(() => page.locator('lp-print-editor .toast').textContent())
      .toContain('Es ist ein Fehler aufgetreten, bitte teilen Sie uns dies mit.');
    expect(await page.evaluate(() => (window as unknown as { __events: string[] }).__events)).toEqual([
      'lp-error',
    ]);
    // Nothing half-done: no picture, no busy state; the other tools work.
    await expect.poll(async () => (await storedDesign(page))?.items.length ?? 0).toBe(0);
    await tool(page, 'addText').click();
    await expect.poll(async () => (await storedDesign(page))?.items.length).toBe(1);
    // Back online, the same picture is taken.
    await page.unroute('**/lp-editor-photo.js');
    await page.locator('lp-print-editor input[type="file"]').setInputFiles(GREEN_SVG);
    await expect
      .poll(async () => (await storedDesign(page))?.items[1]?.value ?? '')
      .toMatch(/\/uploads\/[a-f0-9]{64}\.png$/);
    await page.close();
  });

  it.each([
    ['beside lp-widget.js at /', () => `${site.url}/editor.html`, '/rubik-latin-400-normal.woff2'],
    [
      'from the versioned folder /widget/<version>/',
      () => `${versionedSite.url}/shop/versioned.html`,
      `/widget/${version}/rubik-latin-400-normal.woff2`,
    ],
  ])('loads Rubik %s on the first request, with no 404', async (_where, pageUrl, fontPath) => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const responses: { status: number; path: string }[] = [];
    page.on('response', (r) => responses.push({ status: r.status(), path: new URL(r.url()).pathname }));
    await page.goto(pageUrl());
    await page.locator('lp-print-editor .stage canvas').first().waitFor();
    // `document.fonts.check` is also true while no Rubik face is registered yet (an unknown family needs no load):
    // under load it passed before the editor had asked for the font. Wait for the font's answer first.
    await expect.poll(() => responses.some((r) => r.path.endsWith('.woff2'))).toBe(true);
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px Rubik'))).toBe(true);
    const fonts = responses.filter((r) => r.path.endsWith('.woff2'));
    expect(fonts).toEqual([{ status: 200, path: fontPath }]);
    expect(responses.filter((r) => r.status >= 400)).toEqual([]);
    await page.close();
  });

  it.each([
    ['at 1024 px', { viewport: { width: 1024, height: 800 } }],
    [
      'on a 390 px touch phone (zoom and pan controls)',
      { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
    ],
  ])('has no axe violations with an item selected %s', async (_where, options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto(`${site.url}/editor.html`);
    await page.locator('lp-print-editor .stage canvas').first().waitFor();
    await tool(page, 'addText').click();
    await page.locator('lp-print-editor #lp-prop-text').waitFor();
    const result = await new AxeBuilder({ page }).include('lp-print-editor').analyze();
    expect(
      result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await context.close();
  });
});
