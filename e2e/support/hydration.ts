// The storefront hydrates only after its client bundle ran, its loaders settled and its lazy route modules arrived
// (packages/storefront/src/entry-client.tsx). Until then the page is server-rendered markup: a click on it is lost
// (or, on a link, a full page load), and `networkidle` does not prove the client got that far on a loaded machine.
import type { Page, Response } from 'playwright-core';
import { assertNoHydrationReports } from './hydrationGuard';

/**
 * Waits until the client has taken over the storefront page: React 19 hydrates concurrently, and entry-client marks
 * `#root` with `data-hydrated` from an effect, i.e. once the hydrated tree has committed; from then on clicks reach
 * the app. Throws at once when this page reported a hydration mismatch (the test would fail in afterEach anyway).
 *
 * @example
 * await page.goto(url, { waitUntil: 'networkidle' });
 * await waitForHydration(page);
 * await page.getByRole('button', { name: 'Menü öffnen' }).click();
 */
export async function waitForHydration(page: Page, timeout = 30_000): Promise<void> {
  await page.locator('#root[data-hydrated]').waitFor({ state: 'attached', timeout });
  assertNoHydrationReports(page);
}

/**
 * `page.goto` (until the network is idle) followed by {@link waitForHydration}.
 *
 * @example
 * await gotoHydrated(page, `${shop.url}/cart`);
 */
export async function gotoHydrated(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  return response;
}

/**
 * `page.reload` (until the network is idle) followed by {@link waitForHydration}.
 *
 * @example
 * await reloadHydrated(page);
 */
export async function reloadHydrated(page: Page): Promise<void> {
  await page.reload({ waitUntil: 'networkidle' });
  await waitForHydration(page);
}
