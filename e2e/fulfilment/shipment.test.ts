// Session 18, fulfilment, in Chromium against the real API and the built storefront: the demo customer pays an
// order; the operator lists the orders to ship and ships it with the real `lp-api orders` command on the API's
// PGlite folder (stopped for it, as PGlite allows one process per folder); the Versandbestätigung is in the sandbox
// outbox when the API is back; the account's order list shows the day and the tracking link. (The API side, with
// refusals, repeats, corrections and retries: packages/api/__tests__/fulfilment.test.ts.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi } from '@lp/api';
import { createMemoryStorage, createSdk, type SdkOptions } from '@lp/sdk';
import { createAccountService } from '@lp/sdk/account';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAll, lpApi } from '../../packages/api/__tests__/support/cliProcess';
import { type RunningStorefront, startStorefront } from '../../packages/storefront/server/index';
import { cookieJar } from '../account/cookieJarFetch';
import { expectAxeClean } from '../checkout/checkoutDriver';
import { address, funschild } from '../contract/support';
import { ensureStorefrontBuilt } from '../storefront/storefrontWorld';
import { launchBrowser } from '../support/browser';
import { gotoHydrated } from '../support/hydration';

const DEMO = { email: 'demo@lp-de.example', password: 'Demo1234!' };
const TRACKING = '00340434161234567890';
const TRACKING_URL = `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${TRACKING}`;

const dir = mkdtempSync(join(tmpdir(), 'lp-e2e-fulfilment-'));
const dataDir = join(dir, 'pglite');
const options = { host: '127.0.0.1', dataDir, rateLimit: false as const, uploadDir: join(dir, 'uploads') };
let api: Awaited<ReturnType<typeof startApi>> | undefined;
let shop: RunningStorefront;
let browser: Browser;
let port: number;

beforeAll(async () => {
  ensureStorefrontBuilt();
  api = await startApi({ ...options, port: 0 });
  port = Number(new URL(api.url).port);
  const distDir = process.env.LP_STOREFRONT_DIST;
  shop = await startStorefront({ port: 0, apiUrl: api.url, env: {}, ...(distDir ? { distDir } : {}) });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  killAll();
  await browser?.close();
  await shop?.close();
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The demo customer's own order (placed in their session), paid in the sandbox; answers its number. */
async function paidDemoOrder(apiUrl: string): Promise<string> {
  const jar = cookieJar(apiUrl);
  const sdk = createSdk({
    baseUrl: '',
    fetch: jar.fetch,
    storage: createMemoryStorage(),
    dataLayer: [],
    retries: 0,
    document: jar.document,
  } as SdkOptions);
  await createAccountService(sdk.client).login(DEMO.email, DEMO.password);
  await sdk.cartStore.getState().add(funschild(1, 'M LP 2026'));
  const { orderHeaderGuid } = await sdk.orders.save({
    billingPerson: { email: DEMO.email, phone: '+49 3012345678', name: 'Max', lastName: 'Mustermann' },
    shippingAddress: { ...address, street2: 'Postnummer 12345678' },
    paymentMethod: 'paypal',
  });
  const { orderNumber } = await sdk.orders.confirm(orderHeaderGuid);
  const { redirectUrl } = await sdk.orders.createPayment({
    headerGuid: orderHeaderGuid,
    paymentMethod: 'paypal',
    returnUrl: `${apiUrl}/thank-you`,
    cancelUrl: `${apiUrl}/cart`,
  });
  const page = await (await fetch(new URL(redirectUrl, apiUrl))).text();
  const action = /<form method="post" action="([^"]+\/approve)">/.exec(page)?.[1];
  const approved = await fetch(new URL(action!, apiUrl), { method: 'POST', redirect: 'manual' });
  expect(approved.status).toBe(303);
  return orderNumber;
}

describe('fulfilment: the operator ships, the shopper is told and sees it', () => {
  it('pays, lists, ships with lp-api orders, mails the tracking link, shows it in the account', async () => {
    const orderNumber = await paidDemoOrder(api!.url);
    // Paid, not shipped: "In Bearbeitung" in the account (checked below after the shipment for the link).

    // The operator: PGlite allows one process per folder, so the API stops for the command.
    await api!.close();
    api = undefined;
    const env = { DATA_DIR: dataDir };
    const list = await (await lpApi(['orders'], env)).exited;
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain(orderNumber);
    expect(list.stdout).toContain('Postnummer 12345678');
    const shipped = await (await lpApi(['orders', 'ship', orderNumber, '--tracking', TRACKING], env)).exited;
    expect(shipped.code, shipped.stderr).toBe(0);
    expect(shipped.stdout).toContain('Versandbestätigung sent to the billing e-mail.');
    const again = await (await lpApi(['orders', 'ship', orderNumber], env)).exited;
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('no second mail');
    api = await startApi({ ...options, port });

    // The mail, once, in the sandbox outbox.
    const outbox = await (await fetch(`${api.url}/sandbox/outbox`)).text();
    const links = [...outbox.matchAll(/<a href="(\/sandbox\/outbox\/[0-9a-f-]{36})">([^<]*)<\/a>/g)].filter(
      ([, , subject]) => subject === `Ihre Bestellung ${orderNumber} ist unterwegs`,
    );
    expect(links).toHaveLength(1);
    const mail = await (await fetch(`${api.url}${links[0]![1]}`)).text();
    expect(mail).toContain(`Sendungsnummer: ${TRACKING}`);
    expect(mail).toContain(`Sendung verfolgen: ${TRACKING_URL}`);

    // The shopper's account.
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await gotoHydrated(page, `${shop.url}/account/login`);
      await page.getByLabel('E-Mail').fill(DEMO.email);
      await page.getByLabel('Passwort').fill(DEMO.password);
      await page.getByRole('button', { name: 'Anmelden' }).click();
      await page.waitForURL('**/account');
      const card = page.locator('li.order-card', {
        has: page.getByRole('heading', { name: `Bestellung ${orderNumber}` }),
      });
      await card.waitFor();
      await card.getByText(/^Versandt am \d\d\.\d\d\.\d{4} mit DHL/).waitFor();
      const link = card.getByRole('link', {
        name: `Sendung ${TRACKING} bei DHL verfolgen (öffnet in neuem Tab)`,
      });
      expect(await link.getAttribute('href')).toBe(TRACKING_URL);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      await expectAxeClean(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
