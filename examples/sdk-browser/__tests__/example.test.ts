// Smoke test of the example as shipped: its start script (what `pnpm --filter @lp/example-sdk-browser start`
// runs) starts an API, the storefront and the page; in Chromium the page imports the SDK from the storefront's
// /sdk/<version>/sdk.js with no bundler, reads a product and fills the cart. The browser sample of
// docs/learn/getting-started.md runs here too, as written apart from the two origins.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchProblems } from '../../../e2e/support/browser';
import { startExampleScript } from '../../../e2e/support/exampleScript';

const dir = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
const { version } = JSON.parse(read('../../../packages/sdk/package.json')) as { version: string };
let child: ChildProcess;
let browser: Browser;
let urls: { page: string; shop: string; api: string };

/** Starts start.ts on free ports and resolves with the URLs it prints. */
function startExample(): Promise<typeof urls> {
  const example = startExampleScript(dir, /sdk-browser example: (\S+?)\/? \(shop (\S+), API (\S+)\)/);
  child = example.child;
  return example.printed.then((found) => ({ page: found[1]!, shop: found[2]!, api: found[3]! }));
}

/** Records every console error, page error and failed response of the page from now on. */
beforeAll(async () => {
  [urls, browser] = await Promise.all([startExample(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  child?.kill('SIGTERM');
});

describe('examples/sdk-browser', () => {
  it("imports the current SDK version's URL, as the shop serves it", () => {
    expect(read('../index.html')).toContain(`'http://127.0.0.1:3000/sdk/${version}/sdk.js'`);
  });

  it('loads the SDK from the shop, shows a product, and adding it shows the count (kept over a reload)', async () => {
    const problems: string[] = [];
    const page = watchProblems(await browser.newPage(), problems);
    const sdkLoaded = page.waitForResponse(`${urls.shop}/sdk/${version}/sdk.js`);
    await page.goto(`${urls.page}/`);
    const sdk = await sdkLoaded;
    expect(sdk.status()).toBe(200);
    expect(sdk.headers()['access-control-allow-origin']).toBe('*');
    await expect.poll(() => page.locator('#product').textContent()).toMatch(/ EUR$/);
    expect(await page.locator('#count').textContent()).toBe('0');

    await page.locator('#add').click();
    await expect.poll(() => page.locator('#count').textContent()).toBe('1');
    await page.locator('#add').click();
    await expect.poll(() => page.locator('#count').textContent()).toBe('2');
    await page.reload();
    await expect.poll(() => page.locator('#count').textContent()).toBe('2');
    expect(await page.locator('#error').isHidden()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("runs getting-started's browser sample as written", async () => {
    const guide = read('../../../docs/learn/getting-started.md');
    const sample = /#+ In a browser without a bundler[\s\S]*?```html\n([\s\S]*?)```/.exec(guide)?.[1];
    expect(sample).toContain(`/sdk/${version}/sdk.js`);
    // On the example's own origin, which the API allows: written into a document that server answered (its plain
    // 404). A page fulfilled by the test itself would count as public, and Chromium would refuse its requests to
    // loopback addresses.
    const page = await browser.newPage();
    await page.goto(`${urls.page}/guide.html`);
    const problems: string[] = [];
    watchProblems(page, problems);
    await page.setContent(
      `<!doctype html><meta charset="utf-8"><title>guide</title>${sample!
        .replaceAll('http://127.0.0.1:3000', urls.shop)
        .replaceAll('http://127.0.0.1:4000', urls.api)}`,
    );
    await expect.poll(() => page.locator('#count').textContent()).toBe('1');
    expect(problems).toEqual([]);
    await page.close();
  });
});
