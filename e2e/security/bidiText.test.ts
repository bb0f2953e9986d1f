// Session 22, inputrules (decisions.md "Invisible line breaks and text-direction controls in text fields"): the shop
// refuses the bidi controls U+202A-U+202E and U+2066-U+2069 in single-line fields on the claim that Arabic or Hebrew
// text needs none, because the Unicode bidi algorithm orders it. Checked here in Chromium, where the shop's pages
// show a company name as plain text in a left-to-right German page (OrderDetails, the account's addresses): the
// characters' places on screen give the order a reader sees.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
});
afterAll(() => browser.close());

/** The text as a reader sees it, left to right: its characters sorted by where they are drawn. */
async function seen(text: string): Promise<string> {
  await page.setContent('<!doctype html><html lang="de"><body><p id="company"></p></body></html>');
  return page.evaluate((value) => {
    const p = document.getElementById('company')!;
    p.textContent = value;
    const node = p.firstChild!;
    const places: { char: string; left: number }[] = [];
    for (let i = 0; i < value.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = range.getBoundingClientRect();
      if (rect.width > 0) places.push({ char: value[i]!, left: rect.left });
    }
    return places
      .sort((a, b) => a.left - b.left)
      .map((place) => place.char)
      .join('');
  }, text);
}

describe('text direction of a company name on a German page (Chromium)', () => {
  it('orders Hebrew and Arabic right to left without any control, the German words around them as typed', async () => {
    // Hebrew letters are drawn right to left (the first typed is rightmost), the Latin words keep their order.
    expect(await seen('Autohaus אביב GmbH')).toBe('Autohaus ביבא GmbH');
    const arabic = 'شركة الأمل';
    const arabicSeen = await seen(arabic);
    // The first word typed (شركة) is drawn to the right of the second (الأمل).
    expect(arabicSeen.indexOf('ش')).toBeGreaterThan(arabicSeen.indexOf('ل'));
  });

  it('shows a stored "HbmG rellüM" behind a right-to-left override as "Müller GmbH": what the rule refuses', async () => {
    expect(await seen('Autohaus \u202EHbmG rellüM')).toBe('Autohaus Müller GmbH');
    // The same name as typed is drawn as typed: the difference is the invisible control alone.
    expect(await seen('Autohaus HbmG rellüM')).toBe('Autohaus HbmG rellüM');
  });
});
