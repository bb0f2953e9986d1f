// The product for the checkout browser tests: the real API (fresh in-memory database) that allows the storefront's
// origin as a payment return target, the built storefront on a port chosen up front, and Chromium.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RunningStorefront } from '../../packages/storefront/server/index';
import { ensureStorefrontBuilt } from '../storefront/storefrontWorld';
import { presetConsent } from '../consent/consentWorld';
import { startApiAndShop } from '../support/apiAndShop';
import { launchBrowser } from '../support/browser';
import { waitForHydration } from '../support/hydration';
import { newWatchedPage } from '../support/watchedPage';

export interface CheckoutWorld {
  apiUrl: string;
  shop: RunningStorefront;
  browser: Browser;
  /**
   * A fresh browser context (own storage) with consent given, so the banner stays away and events flow; returns
   * once the page is hydrated.
   */
  open(path: string, options?: { width?: number }): Promise<ShopPage>;
  /** How many orders the API holds for this email (straight from its database). */
  ordersFor(email: string): Promise<{ status: string; total: number }[]>;
  /** A statement on the API's database, as an operator's SQL changes the catalogue while a shopper buys. */
  sql(statement: string, params?: unknown[]): Promise<unknown[]>;
  close(): Promise<void>;
}

export interface ShopPage {
  page: Page;
  context: BrowserContext;
  errors: string[];
}

interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

export async function startCheckoutWorld(): Promise<CheckoutWorld> {
  ensureStorefrontBuilt();
  const { api, shop } = await startApiAndShop();
  const browser = await launchBrowser();
  const db = (api.app as unknown as { db: Queryable }).db;
  return {
    apiUrl: api.url,
    shop,
    browser,
    async open(path, { width = 1280 } = {}) {
      const { page, context, errors } = await newWatchedPage(browser, { viewport: { width, height: 900 } });
      await presetConsent(context, { statistics: true, marketing: true });
      await page.goto(`${shop.url}${path}`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      return { page, context, errors };
    },
    async ordersFor(email) {
      const rows = await db.query<{ status: string; total: number }>(
        `SELECT status, (cart_cents - discount_cents + shipping_cents) / 100.0 AS total
           FROM orders WHERE lower(billing_person->>'email') = lower($1) ORDER BY id`,
        [email],
      );
      return rows.map((row) => ({ status: row.status, total: Number(row.total) }));
    },
    sql: (statement, params) => db.query(statement, params),
    async close() {
      await browser?.close();
      await shop.close();
      await api.close();
    },
  };
}
