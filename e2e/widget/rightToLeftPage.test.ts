// Session 11: a dealer page written right to left (Arabic, Hebrew, or a `dir="rtl"` body). `dir` is inherited into
// the shadow root and `all: initial` leaves `direction` alone, so the German widget was laid out right to left: the
// size cards read "mm 110 × 520", the price "€ 25,80" and ".je Stück, inkl. MwSt € 12,90 × 2", and the quantity
// stepper showed + before −. The widget is German only (lang="de"): it keeps left-to-right on any page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WidgetWorld, plainPage, startWidgetWorld } from './widgetWorld';

let world: WidgetWorld;

beforeAll(async () => {
  world = await startWidgetWorld();
  world.dealerPages['/rtl.html'] = plainPage(
    { widget: world.widget.url, api: world.api.url },
    '<lp-plate-generator id="generator" kennzeichen="B-AB 123"></lp-plate-generator>',
  ).replace('<html lang="de">', '<html lang="ar" dir="rtl">');
});
afterAll(async () => {
  await world?.close();
});

describe('on a right-to-left dealer page', () => {
  it('the generator reads left to right: the stepper is − 2 +, the size and the price read as in German', async () => {
    const page = await world.browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    await page.goto(`${world.dealer.url}/rtl.html`);
    await page.locator('#generator .preview svg title').waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('#generator .price-detail').textContent()).toContain('€');
    const less = await page.getByRole('button', { name: 'Ein Schild weniger' }).boundingBox();
    const more = await page.getByRole('button', { name: 'Ein Schild mehr' }).boundingBox();
    expect(less!.x).toBeLessThan(more!.x);
    // Where the text starts: a left-to-right line starts at its left edge (the unit "mm" ends the size name, the
    // euro sign ends the price).
    const starts = await page.evaluate(() => {
      const root = document.querySelector('#generator')!.shadowRoot!;
      const left = (element: Element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const rects = [...range.getClientRects()];
        return {
          text: element.textContent,
          first: rects[0]!.left,
          edge: element.getBoundingClientRect().left,
        };
      };
      return [left(root.querySelector('.choice-name')!), left(root.querySelector('.price-total')!)];
    });
    for (const { first, edge } of starts) expect(first - edge).toBeLessThan(2);
    expect(
      await page.evaluate(
        () =>
          getComputedStyle(document.querySelector('#generator')!.shadowRoot!.querySelector('input')!)
            .direction,
      ),
    ).toBe('ltr');
    await page.close();
  });
});
