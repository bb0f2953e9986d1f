// The consent banner in the server's HTML (first visit), its choice in the `lp_consent` cookie, no banner and no
// flash for a returning visitor, the banner usable without script, and withdrawal from the footer.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorefrontWorld, startStorefrontWorld } from '../storefront/storefrontWorld';
import { waitForHydration } from '../support/hydration';
import { readLayoutShifts, recordLayoutShifts } from '../support/layoutShift';
import { CONSENT_BANNER, dataLayerEvents, presetConsent, shopOptions } from './consentWorld';

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld({ shop: shopOptions() });
});
afterAll(async () => {
  await world?.close();
});

const banner = CONSENT_BANNER;

/** The page's HTML as the server sent it (the navigation's response), before any script changed it. */
async function serverHtml(page: Page, path: string): Promise<string> {
  const response = await page.goto(`${world.shop.url}${path}`, { waitUntil: 'networkidle' });
  return (await response?.text()) ?? '';
}

/** Records every `.consent` element script adds or removes after the parser is done (a flash or a re-render). */
async function watchBanner(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { __consentMutations: string[] }).__consentMutations = log;
    const isBanner = (node: Node) =>
      node instanceof Element && (node.matches('.consent') || node.querySelector('.consent') !== null);
    new MutationObserver((records) => {
      if (document.readyState === 'loading') return; // the parser inserting the server's HTML
      for (const record of records) {
        for (const node of record.addedNodes) if (isBanner(node)) log.push('added');
        for (const node of record.removedNodes) if (isBanner(node)) log.push('removed');
      }
    }).observe(document, { childList: true, subtree: true });
  });
}
const bannerMutations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __consentMutations: string[] }).__consentMutations);

async function consentCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === 'lp_consent');
  return cookie
    ? { value: cookie.value, sameSite: cookie.sameSite, path: cookie.path, expires: cookie.expires }
    : null;
}

describe('consent banner rendered by the server', () => {
  it('without script: the banner is in the HTML, a button sets the cookie, the page comes back without it', async () => {
    const context = await world.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const html = await serverHtml(page, '/kfz-kennzeichen?farbe=schwarz');
    expect(html).toContain('class="consent"');
    expect(html).toContain('Statistik und Marketing nur mit Ihrer Einwilligung');
    await page.locator(banner).waitFor();
    expect(await page.locator(banner).isVisible()).toBe(true);

    await page.getByRole('checkbox', { name: 'Marketing' }).check();
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/kfz-kennzeichen'),
      page.getByRole('button', { name: 'Auswahl speichern' }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(page.url()).toBe(`${world.shop.url}/kfz-kennzeichen?farbe=schwarz`);
    expect(await response.text()).not.toContain('class="consent"');
    expect(await page.locator(banner).count()).toBe(0);
    const cookie = await consentCookie(context);
    expect(cookie).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(cookie?.value).toMatch(/^v1\.s0\.m1\.t\d+$/);
    // About 12 months.
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(360);
    expect(days).toBeLessThan(370);

    // Another page: still no banner.
    expect(await serverHtml(page, '/impressum')).not.toContain('class="consent"');
    await context.close();
  });

  it('first visit with script: hydration keeps the server banner (no flash, no shift); the choice survives a reload without it', async () => {
    const context = await world.browser.newContext({ viewport: { width: 375, height: 800 } });
    await watchBanner(context);
    const page = await context.newPage();
    await recordLayoutShifts(page);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const html = await serverHtml(page, '/');
    expect(html).toContain('class="consent"');
    const dialog = page.locator(banner);
    await waitForHydration(page);
    // The banner's script moved focus into it.
    await page.waitForFunction(() => document.activeElement?.classList.contains('consent') === true);
    expect(await bannerMutations(page)).toEqual([]);
    expect((await readLayoutShifts(page)).cls).toBe(0);

    await page.getByRole('button', { name: 'Nur notwendige' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${world.shop.url}/`); // decided in place, no form post
    expect(await bannerMutations(page)).toEqual(['removed']); // the watcher sees the banner go
    expect((await consentCookie(context))?.value).toMatch(/^v1\.s0\.m0\.t\d+$/);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('lp-consent') ?? 'null'))).toMatchObject(
      {
        version: 1,
        statistics: false,
        marketing: false,
      },
    );

    const again = await serverHtml(page, '/');
    expect(again).not.toContain('class="consent"');
    await page.waitForTimeout(300);
    expect(await bannerMutations(page)).toEqual([]); // never appeared, not even for a frame
    expect(await dialog.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('withdraw from the footer: the cookie follows, later marketing events stay out, reload shows no banner', async () => {
    const context = await world.browser.newContext();
    const page = await context.newPage();
    await serverHtml(page, '/funschild');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Alle akzeptieren' }).click();
    await page.locator(banner).waitFor({ state: 'detached' });
    expect((await consentCookie(context))?.value).toMatch(/^v1\.s1\.m1\./);
    await page.waitForFunction(() =>
      ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).some(
        (e) => e.event === 'view_item',
      ),
    );

    expect(await serverHtml(page, '/funschild')).not.toContain('class="consent"');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Cookie-Einstellungen' }).click();
    await page.locator(banner).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Marketing' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Nur notwendige' }).click();
    await page.locator(banner).waitFor({ state: 'detached' });
    expect((await consentCookie(context))?.value).toMatch(/^v1\.s0\.m0\./);

    expect(await serverHtml(page, '/funschild')).not.toContain('class="consent"');
    await page.waitForTimeout(400);
    expect(await dataLayerEvents(page)).toEqual([]); // view_item held, never released
    await context.close();
  });

  it('a choice stored before the cookie existed (localStorage) moves to the cookie on the first load', async () => {
    const context = await world.browser.newContext();
    await presetConsent(context, { statistics: true, marketing: false });
    const page = await context.newPage();
    expect(await serverHtml(page, '/impressum')).toContain('class="consent"'); // the server cannot know yet
    await waitForHydration(page);
    await page.locator(banner).waitFor({ state: 'detached' });
    expect((await consentCookie(context))?.value).toMatch(/^v1\.s1\.m0\./);
    expect(await serverHtml(page, '/impressum')).not.toContain('class="consent"');
    await context.close();
  });

  it('the endpoint refuses a form posted from another site', async () => {
    const response = await fetch(`${world.shop.url}/consent`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'choice=all&return=/',
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});
