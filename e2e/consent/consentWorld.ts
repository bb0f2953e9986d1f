// Helpers for the consent browser tests (issue 6). LP_STOREFRONT_DIST points at another build of the storefront
// (a private build while others rebuild packages/storefront/dist); by default the package's dist is used.
import type { BrowserContext, Page } from 'playwright-core';
import type { StorefrontOptions } from '../../packages/storefront/server/index';

export const shopOptions = (): StorefrontOptions =>
  process.env.LP_STOREFRONT_DIST ? { distDir: process.env.LP_STOREFRONT_DIST } : {};

/** localStorage key and version of the shopper's consent (packages/storefront/src/features/consent). */
export const CONSENT_KEY = 'lp-consent';

/**
 * Stores a consent decision before any page script runs, so tests that are not about consent see no banner.
 *
 * @example
 * await presetConsent(context, { statistics: false, marketing: false });
 */
export function presetConsent(
  context: BrowserContext,
  choice: { statistics: boolean; marketing: boolean },
): Promise<unknown> {
  const value = JSON.stringify({
    version: 1,
    necessary: true,
    ...choice,
    decidedAt: new Date().toISOString(),
  });
  return context.addInitScript(
    ([key, stored]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, stored);
    },
    [CONSENT_KEY, value] as const,
  );
}

/** The events pushed into window.dataLayer so far. */
export const dataLayerEvents = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? [])
      .map((entry) => entry.event)
      .filter((event): event is string => typeof event === 'string'),
  );

/** The consent banner, found by its role and name. */
export const CONSENT_BANNER = 'role=dialog[name="Cookie-Einstellungen"]';
