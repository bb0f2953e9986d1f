// A page for the storefront's browser tests: its own context, what went wrong on it collected, its context closed
// with it.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught errors, in the order they came. */
  errors: string[];
}

/**
 * A fresh browser context (own storage) and page, not yet navigated, whose console errors and uncaught errors are
 * collected in `errors`. The context goes with its page; after the browser closed that rejects, which is fine.
 *
 * @example
 * const { page, errors } = await newWatchedPage(browser, { viewport: { width: 375, height: 800 }, isMobile: true });
 * await gotoHydrated(page, `${shop.url}/suche?q=Halter`);
 * expect(errors).toEqual([]);
 */
export async function newWatchedPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<WatchedPage> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('close', () => void context.close().catch(() => undefined));
  return { page, context, errors };
}
