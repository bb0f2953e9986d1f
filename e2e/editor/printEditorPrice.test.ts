// The print editor offers a product for sale ("In den Warenkorb") on the shop's printing page and on dealers' pages,
// where nothing else names a price. PAngV § 3 and § 6 (3) (Art. 246a § 1 (1) no. 4 EGBGB): the price of what the
// button adds, VAT included and shipping on top, stands above it; and it is the price the cart then charges.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageOf, tool } from './editorDriver';
import { type EditorWorld, startEditorWorld } from './editorWorld';

let world: EditorWorld;

beforeAll(async () => {
  world = await startEditorWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('print editor price', () => {
  it('names the holder and its price above "In den Warenkorb", the price the cart charges', async () => {
    const page = await world.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${world.site.url}/`);
    await stageOf(page).locator('canvas').first().waitFor();
    const price = page.locator('lp-print-editor .price');
    await expect
      .poll(() => price.textContent())
      .toBe(
        'Kennzeichenhalter bedrucken in Schwarz für 520 × 110 mm: 9,90\u00a0€ je Stück, inkl. MwSt., zzgl. Versand',
      );
    // Read before the button: the price line precedes it in the document.
    const before = await page.evaluate(() => {
      const root = document.querySelector('lp-print-editor')!.shadowRoot!;
      const line = root.querySelector('.price')!;
      const button = root.querySelector('[data-command="export"]')!;
      return Boolean(line.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(before).toBe(true);

    await tool(page, 'addText').click();
    await tool(page, 'export').click();
    const added = () =>
      page.evaluate(
        () =>
          (
            window as unknown as {
              __events: {
                name: string;
                detail: { cart?: { items: { price: number; quantity: number }[] } };
              }[];
            }
          ).__events.find((event) => event.name === 'lp-add-to-cart')?.detail.cart?.items,
      );
    await expect
      .poll(added, { timeout: 30_000 })
      .toEqual([expect.objectContaining({ price: 9.9, quantity: 1 })]);
    await page.close();
  });
});
