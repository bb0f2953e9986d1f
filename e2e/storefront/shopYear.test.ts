// Session 24, calendar: the storefront's dates are the shop's (Berlin) dates on any device. The server renders in its
// own zone (UTC here), the browser hydrates in the shopper's: the footer's copyright year, rendered on every page,
// named the device's year, so on New Year's night a German at home (Berlin is already in the new year, the UTC
// server not yet) or on holiday in New York (the other way round) got a hydration mismatch and a wrong year. Both
// clocks are set to the same instant: the server's in this process (the storefront and API run here), the browser's
// with Playwright's clock. A hydration report fails the test (e2e/support/hydrationGuard.ts).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { gotoHydrated } from '../support/hydration';
import { newWatchedPage } from '../support/watchedPage';
import { type StorefrontWorld, startStorefrontWorld } from './storefrontWorld';

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld();
});
afterAll(async () => {
  await world?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The home page's copyright line at `instant`, opened in Chromium in the zone `timezoneId`. */
async function copyrightAt(instant: string, timezoneId: string): Promise<string | null> {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(instant));
  const { page, context } = await newWatchedPage(world.browser, { timezoneId, locale: 'de-DE' });
  await context.clock.setFixedTime(new Date(instant));
  await gotoHydrated(page, `${world.shop.url}/`);
  const text = await page.locator('footer .copyright').textContent();
  await page.close();
  return text;
}

describe('the shop year on a device in another zone', () => {
  it('is the Berlin year, server and browser alike, at home in Berlin and on holiday in New York', async () => {
    // 31 December 23:30 UTC: 00:30 on 1 January 2027 in Berlin.
    expect(await copyrightAt('2026-12-31T23:30:00Z', 'Europe/Berlin')).toMatch(/^© 2027 Kennzeichen-Profi/);
    // 1 January 02:00 UTC: 03:00 in Berlin, still 21:00 on 31 December in New York.
    expect(await copyrightAt('2027-01-01T02:00:00Z', 'America/New_York')).toMatch(
      /^© 2027 Kennzeichen-Profi/,
    );
  });
});
