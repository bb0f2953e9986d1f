// Cross-site request forgery from the browser side: a shopper logged in to the shop visits another site, whose page
// submits forms to the shop's /api proxy and consent route. Nothing the shopper did not ask for may happen: they stay
// logged in, and their consent choice stays theirs.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaticServer, serveStatic } from '../support/browser';
import { type StorefrontWorld, startStorefrontWorld } from '../storefront/storefrontWorld';

const DEMO = { email: 'demo@lp-de.example', password: 'Demo1234!' };

let world: StorefrontWorld;
let attacker: StaticServer;
/** The shop as the shopper's browser knows it; the attacker is on 127.0.0.1, another site to the browser. */
let shop: string;
beforeAll(async () => {
  world = await startStorefrontWorld();
  shop = world.shop.url.replace('127.0.0.1', 'localhost');
  // Each page submits its form on load, as a hostile page would (no click needed).
  const autoSubmit = (action: string, enctype: string, fields: Record<string, string>) =>
    `<!doctype html><title>Gewinnspiel</title><form method="post" action="${shop}${action}" enctype="${enctype}">${Object.entries(
      fields,
    )
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
      .join('')}</form><script>document.forms[0].submit()</script>`;
  attacker = await serveStatic('.', {
    pages: {
      '/logout': autoSubmit('/api/Account/logout', 'text/plain', {}),
      '/consent': autoSubmit('/consent', 'application/x-www-form-urlencoded', {
        choice: 'all',
        return: '/',
      }),
    },
  });
});
afterAll(async () => {
  await attacker?.close();
  await world?.close();
});

/** A shopper's browser on the shop's home page, logged in as the demo customer. */
async function loggedInShopper(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await world.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${shop}/`, { waitUntil: 'load' });
  const status = await page.evaluate(
    async (body) =>
      (
        await fetch('/api/Account/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    DEMO,
  );
  expect(status).toBe(200);
  return { context, page };
}

const me = (page: Page) =>
  page.evaluate(async () => (await fetch('/api/Account/me', { cache: 'no-store' })).status);

/** Opens the attacker's page in the shopper's browser and waits until its form was answered. */
async function visitAttacker(context: BrowserContext, path: string, answeredAt: string): Promise<void> {
  const page = await context.newPage();
  const answered = page.waitForResponse((response) => response.url().startsWith(`${shop}${answeredAt}`));
  await page.goto(`${attacker.url}${path}`, { waitUntil: 'commit' });
  await answered;
  await page.close();
}

describe('a foreign page submitting forms to the shop', () => {
  it('does not log the shopper out', async () => {
    const { context, page } = await loggedInShopper();
    try {
      expect(await me(page)).toBe(200);
      await visitAttacker(context, '/logout', '/api/Account/logout');
      expect(await me(page)).toBe(200);
    } finally {
      await context.close();
    }
  });

  it('does not give consent in the shopper’s name', async () => {
    const { context } = await loggedInShopper();
    try {
      await visitAttacker(context, '/consent', '/consent');
      const cookies = await context.cookies(shop);
      expect(cookies.find((cookie) => cookie.name === 'lp_consent')).toBeUndefined();
    } finally {
      await context.close();
    }
  });
});
