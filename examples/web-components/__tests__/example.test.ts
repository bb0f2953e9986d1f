// Smoke test of the example as shipped: its start script (what `pnpm --filter @lp/example-web-components start`
// runs) serves the page against its own API and the widget build; in Chromium the generator renders, and adding a
// plate reaches the cart and the page's event log.
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchProblems } from '../../../e2e/support/browser';
import { startExampleScript } from '../../../e2e/support/exampleScript';

const dir = fileURLToPath(new URL('..', import.meta.url));
let child: ChildProcess;
let browser: Browser;
let pageUrl: string;

/** Starts start.ts on a free port and resolves with the page URL it prints. */
function startExample(): Promise<string> {
  const example = startExampleScript(dir, /web-components example: (http:\/\/\S+?)\/? /);
  child = example.child;
  return example.printed.then((found) => found[1]!);
}

beforeAll(async () => {
  [pageUrl, browser] = await Promise.all([startExample(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  child?.kill('SIGTERM');
});

describe('examples/web-components', () => {
  it('renders the generator and the banner, and adding a plate fills the cart and logs lp-add-to-cart', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    watchProblems(page, problems);
    await page.goto(`${pageUrl}/`);
    await page.locator('#generator .price-total').waitFor();
    await expect
      .poll(() => page.locator('#generator .preview svg title').textContent())
      .toContain('B-LP 2026');
    await page.locator('lp-banner-configurator input[name="kennzeichen"]').waitFor();

    await page.locator('#generator button[type="submit"]').click();
    await expect
      .poll(() => page.locator('#log li').allTextContents())
      .toContainEqual(expect.stringMatching(/^lp-add-to-cart: [1-9]\d* Artikel im Warenkorb \(KFZ-\S+\)$/));
    await expect.poll(() => page.locator('#generator [part="cart-count"]').textContent()).toMatch(/[1-9]/);
    expect(problems).toEqual([]);
    await page.close();
  });
});
