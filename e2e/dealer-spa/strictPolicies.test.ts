// Session 12: dealers whose Content-Security-Policy is stricter than the one the embed guide prints: Trusted Types
// (`require-trusted-types-for 'script'`, every string into innerHTML or a script's src refused), no inline style at
// all, and nonces with 'strict-dynamic' or without the shop's origin. docs/learn/embed-the-widget.md
// ("Stricter policies") says what such a dealer adds.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readDocBlocks } from '../contract/docsBlocks';
import { GREEN_SVG, storedDesign, tool } from '../editor/editorDriver';
import { ROOT } from '../widget/widgetWorld';
import { type SpaWorld, startSpaWorld, watchPage } from './dealerSpaWorld';

let world: SpaWorld;

const generatorAndBadge = `<lp-cart-button id="badge"></lp-cart-button>
<lp-banner-configurator id="banner"></lp-banner-configurator>
<lp-plate-generator id="generator" kennzeichen="B-AB 123"></lp-plate-generator>`;

/** The shopper's path: the plate is drawn (the real SVG, not the placeholder), added, and the badge counts it. */
async function drawAndAdd(page: Page): Promise<void> {
  const generator = page.locator('#generator');
  await generator.locator('.preview svg title').waitFor({ state: 'attached' });
  expect(await generator.locator('.preview svg title').textContent()).toBe('B-AB 123');
  await generator.locator('button[type="submit"]').click();
  await generator.locator('a[part="cart-link"]').waitFor();
  await expect.poll(() => page.locator('#badge [part="count"]').textContent()).toBe('2');
}

beforeAll(async () => {
  world = await startSpaWorld();
});
afterAll(async () => {
  await world?.close();
});

function policy(...directives: string[]): Record<string, string> {
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      `connect-src 'self' ${world.api.url}`,
      "object-src 'none'",
      "base-uri 'none'",
      ...directives,
    ].join('; '),
  };
}

describe('Trusted Types', () => {
  // Fixed in session 12: lp-plates.js was added as a <script src="…"> from a string (refused: "This document
  // requires 'TrustedScriptURL' assignment") and the plate SVG was a string into innerHTML: the generator showed
  // "Das Produkt konnte nicht geladen werden" and could never add.
  it('with require-trusted-types-for and the lp-widget policy allowed, the generator draws the plate and adds', async () => {
    world.pages['/trusted-types.html'] = {
      body: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>TT</title>${world.tag()}</head><body>${generatorAndBadge}</body></html>`,
      headers: policy(
        `script-src 'self' ${world.widget.url}`,
        "style-src 'self'",
        "require-trusted-types-for 'script'",
        'trusted-types lp-widget',
      ),
    };
    const page = await world.browser.newPage();
    const problems = await watchPage(page);
    await page.goto(`${world.dealer}/trusted-types.html`);
    await drawAndAdd(page);
    expect(problems).toEqual([]);
    await page.close();
  });

  // Fixed in session 12: the loader stub set lp-widget.js's URL as a plain string.
  it('the loader stub works under Trusted Types with its own lp-loader policy', async () => {
    world.pages['/loader-trusted-types.html'] = {
      body: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>TT</title>
<script src="${world.widget.url}/lp-loader.js" data-api="${world.api.url}" data-dealer="autohaus-spa"></script></head><body>${generatorAndBadge}</body></html>`,
      headers: policy(
        `script-src 'self' ${world.widget.url}`,
        "require-trusted-types-for 'script'",
        'trusted-types lp-widget lp-loader',
      ),
    };
    const page = await world.browser.newPage();
    const problems = await watchPage(page);
    await page.goto(`${world.dealer}/loader-trusted-types.html`);
    await drawAndAdd(page);
    expect(problems).toEqual([]);
    await page.close();
  });

  // Fixed in session 12 for the chunk (lp-editor.js came by <script src>); documented for Konva: its Stage clears
  // the editor's container with `innerHTML = ''`, a string into a sink, which only the page's own `default` policy
  // can let through. The guide's default policy passes the empty string and nothing else.
  it("the print editor opens with the guide's default policy that lets only the empty string through", async () => {
    // The guide's file, as printed there.
    const guideFile = readDocBlocks(join(ROOT, 'docs')).find(
      (block) => block.lang === 'js' && block.code.startsWith('// /js/trusted-types-default.js'),
    );
    expect(guideFile?.file).toMatch(/embed-the-widget\.md$/);
    world.pages['/js/trusted-types-default.js'] = { type: 'text/javascript', body: guideFile!.code };
    world.pages['/editor-trusted-types.html'] = {
      body: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>TT</title>
<script src="/js/trusted-types-default.js"></script>${world.tag()}</head><body><lp-print-editor></lp-print-editor></body></html>`,
      headers: policy(
        `script-src 'self' ${world.widget.url}`,
        `font-src ${world.widget.url}`,
        "require-trusted-types-for 'script'",
        'trusted-types lp-widget default',
      ),
    };
    const page = await world.browser.newPage();
    const problems = await watchPage(page);
    await page.goto(`${world.dealer}/editor-trusted-types.html`);
    await page.locator('lp-print-editor .stage canvas').first().waitFor();
    await tool(page, 'addText').click();
    await expect.poll(async () => (await storedDesign(page))?.items.length).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  // Fixed in session 12: without that default policy Konva's `innerHTML = ''` threw out of the editor's effect
  // (an uncaught TypeError, an empty frame, no event for the page).
  it('without the default policy the editor says it cannot start and tells the page why (lp-error stage)', async () => {
    world.pages['/editor-no-default.html'] = {
      body: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>TT</title>${world.tag()}</head>
<body><lp-print-editor></lp-print-editor><script src="/js/listen.js"></script></body></html>`,
      headers: policy(
        `script-src 'self' ${world.widget.url}`,
        `font-src ${world.widget.url}`,
        "require-trusted-types-for 'script'",
        'trusted-types lp-widget',
      ),
    };
    world.pages['/js/listen.js'] = {
      type: 'text/javascript',
      body: `window.lpErrors = [];
document.querySelector('lp-print-editor').addEventListener('lp-error', (e) => lpErrors.push({ code: e.detail.code, message: e.detail.message, fix: e.detail.fix }));`,
    };
    const page = await world.browser.newPage();
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(error.message));
    await page.goto(`${world.dealer}/editor-no-default.html`);
    await page.locator('lp-print-editor [role="alert"]').waitFor();
    expect(await page.locator('lp-print-editor [role="alert"]').textContent()).toBe(
      'Der Editor kann auf dieser Seite nicht starten.',
    );
    const errors = (await page.evaluate('window.lpErrors')) as {
      code: string;
      message: string;
      fix: string;
    }[];
    expect(errors).toEqual([
      expect.objectContaining({ code: 'stage', message: 'Der Editor kann auf dieser Seite nicht starten.' }),
    ]);
    expect(errors[0]!.fix).toContain('default');
    expect(uncaught).toEqual([]);
    await page.close();
  });
});

describe('styles and nonces', () => {
  // Guard (worked when written): the widget styles itself with constructable stylesheets and CSSOM properties,
  // never with a <style> element or a style attribute, so even style-src 'none' refuses nothing.
  it("style-src 'none': generator, banner and badge render styled, no violation", async () => {
    world.pages['/no-styles.html'] = {
      body: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Ohne Stil</title>${world.tag()}</head><body>${generatorAndBadge}</body></html>`,
      headers: policy(`script-src 'self' ${world.widget.url}`, "style-src 'none'"),
    };
    const page = await world.browser.newPage();
    const problems = await watchPage(page);
    await page.goto(`${world.dealer}/no-styles.html`);
    await drawAndAdd(page);
    await page.mouse.move(0, 0);
    await expect
      .poll(() =>
        page
          .locator('#generator button[type="submit"]')
          .evaluate((button) => getComputedStyle(button).backgroundColor),
      )
      .toBe('rgb(11, 87, 164)');
    expect(problems).toEqual([]);
    await page.close();
  });

  // Guard (worked when written): 'strict-dynamic' trusts what the nonced lp-widget.js loads.
  it("a nonce with 'strict-dynamic': the chunks and the print editor load", async () => {
    world.pages['/strict-dynamic.html'] = {
      body: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Nonce</title>${world.tag('nonce="r4nd0m"')}</head>
<body>${generatorAndBadge}<lp-print-editor></lp-print-editor></body></html>`,
      headers: policy(`script-src 'nonce-r4nd0m' 'strict-dynamic'`, `font-src ${world.widget.url}`),
    };
    const page = await world.browser.newPage();
    const problems = await watchPage(page);
    await page.goto(`${world.dealer}/strict-dynamic.html`);
    await drawAndAdd(page);
    await page.locator('lp-print-editor canvas').first().waitFor({ state: 'attached' });
    expect(problems).toEqual([]);
    await page.close();
  });

  // Fixed in session 12: with a nonce alone (no shop origin in script-src, no 'strict-dynamic') the chunks were
  // refused: the script elements lp-widget.js made carried no nonce. `import()` carries the nonce of its tag.
  it('a nonce alone, without the shop origin: the chunks load with the nonce of the tag', async () => {
    world.pages['/nonce.html'] = {
      body: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Nonce</title>${world.tag('nonce="r4nd0m"')}</head>
<body>${generatorAndBadge}</body></html>`,
      headers: policy("script-src 'nonce-r4nd0m'"),
    };
    const page = await world.browser.newPage();
    const problems = await watchPage(page);
    await page.goto(`${world.dealer}/nonce.html`);
    await drawAndAdd(page);
    expect(problems).toEqual([]);
    await page.close();
  });

  // Session 26: the print editor's photo code is a chunk of its own (lp-editor-photo.js), imported by lp-editor.js
  // when a picture is picked; a module's import() carries the nonce its own fetch had, so it passes too.
  it('a nonce alone: the print editor takes a picture (its photo code comes with the nonce of the tag)', async () => {
    world.pages['/nonce-editor.html'] = {
      body: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Nonce</title>${world.tag('nonce="r4nd0m"')}</head>
<body><lp-print-editor></lp-print-editor></body></html>`,
      headers: policy(
        "script-src 'nonce-r4nd0m'",
        `font-src ${world.widget.url}`,
        `img-src ${world.api.url} blob:`,
      ),
    };
    const page = await world.browser.newPage();
    const problems = await watchPage(page);
    await page.goto(`${world.dealer}/nonce-editor.html`);
    await page.locator('lp-print-editor .stage canvas').first().waitFor();
    await page.locator('lp-print-editor input[type="file"]').setInputFiles(GREEN_SVG);
    await expect
      .poll(async () => (await storedDesign(page))?.items[0]?.value ?? '')
      .toMatch(/\/uploads\/[a-f0-9]{64}\.png$/);
    expect(problems).toEqual([]);
    await page.close();
  });
});
