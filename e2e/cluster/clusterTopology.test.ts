// The scale-out topology of docs/learn/run-in-production.md, as `pnpm start:cluster` starts it: a shopper buys a
// plate and a dealer page on another origin fills the same cart, in Chromium through nginx, and both API processes
// and both storefront processes answer. PostgreSQL server binaries and nginx are installed when missing; without
// them this test fails (it never skips).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMIT } from '@lp/api';
import { createSdk } from '@lp/sdk';
import { ERIKA, addPlate, cartSettled, fillCheckout, plain, unexpected } from '../checkout/checkoutDriver';
import { waitForHydration } from '../support/hydration';
import { type ClusterWorld, startClusterWorld } from './clusterWorld';

let world: ClusterWorld;

/** An empty JSON POST from a chosen loopback address (Linux routes all of 127/8 to loopback). */
function postFrom(localAddress: string, url: string) {
  return new Promise<{ status: number; body: string; instance: string | null }>((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body,
            instance: (res.headers['x-lp-api-instance'] as string) ?? null,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}
beforeAll(async () => {
  world = await startClusterWorld();
}, 120_000);
afterAll(async () => {
  await world?.close();
});

describe('2 API and 2 storefront processes behind nginx on one PostgreSQL', () => {
  it('buys a configured plate: product page, cart, checkout, sandbox payment, confirmation', async () => {
    const { page, errors } = await world.newPage();
    await page.goto(`${world.cluster.shopUrl}/kfz-kennzeichen`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await addPlate(page, 'M-LP 2026');
    await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).click();
    await page.waitForURL('**/cart');
    await page.getByRole('row', { name: /M-LP 2026/ }).waitFor();
    await cartSettled(page);

    await page.getByRole('link', { name: 'Zur Kasse' }).click();
    await page.waitForURL('**/cart/checkout');
    await fillCheckout(page, ERIKA);
    await page.getByLabel('PLZ').blur();
    await page.getByRole('checkbox', { name: /AGB/ }).check();
    await page.getByRole('radio', { name: /Kreditkarte/ }).check();
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();

    // The payment provider's page is on the API's public origin, i.e. nginx in front of the API processes.
    await page.waitForURL(`${world.cluster.apiUrl}/sandbox/pay/**`);
    await page.getByRole('button', { name: 'Zahlung bestätigen' }).click();

    await page.waitForURL('**/thank-you/**', { timeout: 20_000 });
    await page.getByTestId('order-number').waitFor();
    const total = plain(await page.getByTestId('order-total').textContent());
    expect(total).toMatch(/^\d+,\d{2} €$/);
    await page.getByText('Hauptstraße 12a').first().waitFor();
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  }, 90_000);

  it('a dealer page on another origin adds to the cart the shop then shows', async () => {
    const { page, errors } = await world.newPage();
    await page.goto(world.cluster.dealerUrl);
    // The widget's script comes from the shop's origin, its API calls go to the API's nginx (CORS).
    await page.locator('#generator .price-total').waitFor();
    await page.locator('#generator input[name="kennzeichen"]').fill('HH-LP 77');
    await page.locator('#generator button[type="submit"]').click();
    await expect
      .poll(() => page.locator('#generator [part="cart-count"]').textContent())
      .toBe('2 Artikel im Warenkorb');
    const href = (await page.locator('#generator a[part="cart-link"]').getAttribute('href')) ?? '';
    expect(href.startsWith(`${world.cluster.shopUrl}/cart?cartGuid=`)).toBe(true);

    // "Zum Warenkorb" leads to the shop, whose storefront processes read the same cart through the API's nginx.
    await page.goto(href, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const row = page.getByRole('row', { name: /HH-LP 77/ });
    await row.waitFor();
    await expect.poll(() => row.getByRole('spinbutton').inputValue()).toBe('2');
    // One more from the shop itself lands in the same cart.
    await row.getByRole('button', { name: /Menge erhöhen/ }).click();
    await cartSettled(page);
    await page.getByRole('link', { name: 'Warenkorb, 3 Artikel' }).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  }, 60_000);

  it('spread the requests over both processes of each kind', () => {
    const answered = Object.fromEntries(world.answeredBy);
    for (const name of ['api-1', 'api-2', 'shop-1', 'shop-2']) {
      // least_conn: ties alternate and busy moments go to the idler process, so each gets a share; a handful would
      // already prove the spreading.
      expect(answered[name] ?? 0, JSON.stringify(answered)).toBeGreaterThanOrEqual(3);
    }
  });

  it("counts one client's mutations once across both API processes (the limit lives in PostgreSQL)", async () => {
    // A client of its own (127.0.0.5, nginx names it in X-Forwarded-For), so the shoppers above do not share its
    // bucket. Invalid adds answer 400 quickly; the limit counts every mutation before it is looked at.
    const outcomes = { accepted: 0, limited: 0, codes: new Set<string>(), by: new Set<string | null>() };
    for (let i = 0; i < DEFAULT_RATE_LIMIT.max + 10; i++) {
      const { status, body, instance } = await postFrom(
        '127.0.0.5',
        `${world.cluster.apiUrl}/api/Cart/addCartItem`,
      );
      if (status === 429) {
        outcomes.limited += 1;
        outcomes.codes.add((JSON.parse(body) as { code: string }).code);
      } else {
        outcomes.accepted += 1;
        outcomes.by.add(instance);
      }
    }
    expect(outcomes.accepted).toBe(DEFAULT_RATE_LIMIT.max);
    expect(outcomes.limited).toBe(10);
    expect([...outcomes.codes]).toEqual(['rate-limited']);
    expect(outcomes.by).toEqual(new Set(['api-1', 'api-2']));
  });

  it('keeps serving shoppers when an API process dies: nginx sends everything to the other one', async () => {
    const victim = world.cluster.processes.find((p) => p.name === 'api-2');
    expect(victim?.pid).toBeGreaterThan(0);
    process.kill(victim!.pid!, 'SIGKILL');
    const answeredBy: (string | null)[] = [];
    for (let i = 0; i < 6; i++) {
      // Through the storefront's /api proxy (the internal listener) and straight at the public API listener.
      for (const base of [world.cluster.shopUrl, world.cluster.apiUrl]) {
        const res = await fetch(`${base}/api/v1/business/getlist`);
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        answeredBy.push(res.headers.get('x-lp-api-instance'));
      }
    }
    expect(new Set(answeredBy)).toEqual(new Set(['api-1']));
    await expect
      .poll(() => world.reports)
      .toContainEqual(expect.stringMatching(/^\[cluster\] api-2 \(pid \d+\) exited \(SIGKILL\)/));
  });

  it('keeps serving shoppers when a storefront process dies too: pages and cart adds through the other one', async () => {
    const victim = world.cluster.processes.find((p) => p.name === 'shop-2');
    process.kill(victim!.pid!, 'SIGKILL');
    // A shopper of its own (the limits above are spent for 127.0.0.5 only), through the shop's origin.
    const sdk = createSdk({ baseUrl: world.cluster.shopUrl });
    const company = await sdk.getCompany();
    const product = await sdk.catalogue.productByAlias(company.UniqueId, 'funschild');
    const shops = new Set<string | null>();
    for (let i = 0; i < 4; i++) {
      const page = await fetch(`${world.cluster.shopUrl}/kfz-kennzeichen`);
      expect(page.status).toBe(200);
      await page.arrayBuffer();
      shops.add(page.headers.get('x-lp-shop-instance'));
      await sdk.cartStore.getState().add({
        productUniqueId: product.UniqueId,
        quantity: 1,
        addData: [
          {
            count: 1,
            info: { Alias: product.Alias, Title: product.Title, Attributes: { Kennzeichen: `AUS ${i}` } },
          },
        ],
      });
    }
    expect(sdk.cartStore.getState().count).toBe(4);
    expect(shops).toEqual(new Set(['shop-1']));
    await expect
      .poll(() => world.reports)
      .toContainEqual(expect.stringMatching(/^\[cluster\] shop-2 \(pid \d+\) exited \(SIGKILL\)/));
  });
});
