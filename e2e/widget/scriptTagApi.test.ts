import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_URL, type WidgetWorld, plainPage, startWidgetWorld } from './widgetWorld';

let world: WidgetWorld;

beforeAll(async () => {
  world = await startWidgetWorld();
  const { widget, api } = { widget: world.widget.url, api: world.api.url };
  // A CMS page: the loader stub, an empty slot and a mount() call instead of a custom tag.
  world.dealerPages['/cms.html'] =
    `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>CMS</title>
<script src="${widget}/lp-loader.js" data-api="${api}" data-company="lp-de" data-shop-url="${SHOP_URL}"></script>
</head><body><div id="slot"></div><script>
window.changes = [];
(function mountWhenReady() {
  if (!window.LpWidget || !window.LpWidget.mount) return setTimeout(mountWhenReady, 20);
  window.LpWidget.mount('#slot', {
    attributes: { id: 'generator', kennzeichen: 'B-MO 1', type: 'H' },
    on: { 'lp-change': function (event) { window.changes.push(event.detail.text); } },
  });
})();
</script></body></html>`;
});
afterAll(async () => {
  await world?.close();
});

describe('script-tag API', () => {
  it('the loader stub brings the widget; mount() creates a configured generator; only LpWidget is global', async () => {
    const page = await world.browser.newPage();
    await page.addInitScript(() => {
      (window as unknown as { initialKeys: string[] }).initialKeys = Object.keys(window);
    });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${world.dealer.url}/cms.html`);
    const input = page.locator('#slot lp-plate-generator input[name="kennzeichen"]');
    await page.locator('#generator .price-total').waitFor();
    expect(await input.inputValue()).toBe('B-MO 1');
    expect(await page.locator('#generator select').first().inputValue()).toBe('H');
    await input.fill('B-MO 12');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { changes: string[] }).changes.at(-1)))
      .toBe('B-MO 12');
    expect(
      await page.evaluate(() => (window as unknown as { LpWidget: { version: string } }).LpWidget.version),
    ).toMatch(/^\d+\.\d+\.\d+$/);
    const added = await page.evaluate(() => {
      const before = new Set((window as unknown as { initialKeys: string[] }).initialKeys);
      return Object.keys(window).filter(
        (key) => !before.has(key) && key !== 'initialKeys' && key !== 'changes',
      );
    });
    expect(added).toEqual(['LpWidget']);
    // The plate rules come as their own chunk; the editor chunk is not loaded without <lp-print-editor>. Request
    // events reach the test on their own schedule, so wait for the list to be complete.
    await expect
      .poll(() => scripts.filter((path) => path.endsWith('.js')).sort())
      .toEqual(['/lp-loader.js', '/lp-plates.js', '/lp-widget.js']);
    await page.close();
  });

  it('loads the print editor chunk only when the page uses <lp-print-editor>', async () => {
    world.dealerPages['/editor.html'] = plainPage(
      { widget: world.widget.url, api: world.api.url },
      '<button id="add" type="button">Editor</button>',
    ).replace(
      '</body>',
      '<script>document.getElementById("add").onclick = () => document.body.append(document.createElement("lp-print-editor"));</script></body>',
    );
    const page = await world.browser.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${world.dealer.url}/editor.html`);
    await page.waitForFunction(() =>
      Boolean((window as unknown as { LpWidget?: { mount?: unknown } }).LpWidget?.mount),
    );
    expect(scripts).not.toContain('/lp-editor.js');
    expect(await page.evaluate(() => customElements.get('lp-print-editor') === undefined)).toBe(true);
    await page.click('#add');
    await page.waitForFunction(() => customElements.get('lp-print-editor') !== undefined);
    await expect.poll(() => scripts).toContain('/lp-editor.js');
    await page.close();
  });

  it('redraws the preview before the next frame after every keystroke', async () => {
    const page = await world.browser.newPage();
    await page.goto(`${world.dealer.url}/index.html`);
    await page.locator('#generator .price-total').waitFor();
    const result = await page.evaluate(async () => {
      const root = document.querySelector('#generator')?.shadowRoot as ShadowRoot;
      const input = root.querySelector('input[name="kennzeichen"]') as HTMLInputElement;
      const texts = 'HH-AB 1234'.split('').map((_, i, all) => all.slice(0, i + 1).join(''));
      const late: string[] = [];
      const times: number[] = [];
      for (const text of texts) {
        const started = performance.now();
        input.value = text;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await Promise.resolve();
        times.push(performance.now() - started);
        // rAF callbacks run before the frame is painted: the title must already be the new text.
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const title = root.querySelector('.preview svg title')?.textContent;
        if (title !== text.trim()) late.push(`${text} -> ${title}`);
      }
      times.sort((a, b) => a - b);
      return { late, median: times[Math.floor(times.length / 2)] ?? 0 };
    });
    console.log(`[widget] preview render after a keystroke: median ${result.median.toFixed(2)} ms`);
    expect(result.late).toEqual([]);
    await page.close();
  });
});
