// The storefront world of e2e/storefront plus what the account tests need: pages in fresh browser contexts
// that can be prepared before the first navigation, and an SDK talking to the same API.
import { type Sdk, createMemoryStorage, createSdk } from '@lp/sdk';
import type { BrowserContext, Page } from 'playwright-core';
import {
  CONSENT_STORAGE_KEY,
  CONSENT_VERSION,
} from '../../packages/storefront/src/features/consent/consentStore';
import { type StorefrontWorld, startStorefrontWorld } from '../storefront/storefrontWorld';

export interface AccountWorld extends StorefrontWorld {
  /** An SDK on the API directly (an anonymous Node caller), own app state. */
  sdk(): Sdk;
  /**
   * A fresh browser context and page (375 px wide unless told), not yet navigated; errors are collected. The
   * cookie banner is answered beforehand (a returning shopper) unless `consent: false`.
   */
  page(options?: {
    width?: number;
    consent?: boolean;
  }): Promise<{ page: Page; context: BrowserContext; errors: string[] }>;
  /** `${shop.url}${path}` */
  url(path: string): string;
}

/**
 * Starts API, built storefront and Chromium. LP_STOREFRONT_DIST points at another build of the storefront
 * (a private build while others rebuild the shared dist folder).
 */
export async function startAccountWorld(): Promise<AccountWorld> {
  const distDir = process.env.LP_STOREFRONT_DIST;
  const world = await startStorefrontWorld(distDir ? { shop: { distDir } } : {});
  const contexts: BrowserContext[] = [];
  return {
    ...world,
    sdk: () =>
      createSdk({ baseUrl: world.apiUrl, storage: createMemoryStorage(), dataLayer: [], retries: 0 }),
    url: (path) => `${world.shop.url}${path}`,
    async page({ width = 375, consent = true } = {}) {
      const context = await world.browser.newContext({ viewport: { width, height: 800 } });
      contexts.push(context);
      if (consent) await decideConsent(context);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      return { page, context, errors };
    },
    async close() {
      await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
      await world.close();
    },
  };
}

/** Seeds the browser's AppState with a cart guid before any page script runs (a cart made elsewhere). */
export async function useCartGuid(context: BrowserContext, cartGuid: string): Promise<void> {
  await context.addInitScript((guid) => {
    if (!localStorage.getItem('AppState'))
      localStorage.setItem('AppState', JSON.stringify({ CartGuid: guid, orderHeaderGuid: null }));
  }, cartGuid);
}

/** A holder without plate text (moves to the cart in one click): KZH-001 of the demo catalogue. */
export async function plainProduct(sdk: Sdk) {
  const company = await sdk.getCompany();
  const { items } = await sdk.catalogue.products(company.UniqueId);
  const product = items.find((p) => p.UniqueId === 'KZH-001');
  if (!product) throw new Error('KZH-001 is missing from the demo catalogue');
  return product;
}

/**
 * Answers the cookie banner before any page script runs (only necessary cookies), so overlays of other features
 * do not sit on top of what a test clicks.
 */
export async function decideConsent(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ([key, version]) => {
      if (!localStorage.getItem(key as string))
        localStorage.setItem(
          key as string,
          JSON.stringify({
            version,
            statistics: false,
            marketing: false,
            decidedAt: new Date().toISOString(),
          }),
        );
    },
    [CONSENT_STORAGE_KEY, CONSENT_VERSION] as const,
  );
}
