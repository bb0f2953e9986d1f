// The security review's finding "a slow API makes pages hang ~30 s, an outage answers 500": every server-side API
// call of a page is cut after a bounded wait (a clear German page, 504), an outage during rendering answers the
// maintenance page (503), and the shop recovers without a restart. A relay in front of the real API injects the
// faults.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelayedShop, startRelayedShop } from './relayedShop';
import { startApiRelay } from './apiRelay';
import { startStorefront } from '../../packages/storefront/server/index';

let world: RelayedShop;
beforeAll(async () => {
  world = await startRelayedShop({
    env: {},
    apiTimeoutMs: 1000,
    proxyTimeoutMs: 1000,
  });
});
afterAll(async () => {
  await world?.close();
});

const timed = async (path: string) => {
  const started = Date.now();
  const response = await fetch(`${world.shop.url}${path}`, { redirect: 'manual' });
  const body = await response.text();
  return { status: response.status, headers: response.headers, body, ms: Date.now() - started };
};

describe('a slow or failing API while the shop runs', () => {
  it('renders normally while the API is well', async () => {
    world.relay.mode = 'pass';
    expect((await timed('/kfz-kennzeichen')).status).toBe(200);
  });

  it('cuts a slow API after the bounded wait and answers a clear German page with 504', async () => {
    world.relay.mode = 'hold';
    for (const path of ['/kfz-kennzeichen', '/impressum', '/kategorie/kennzeichenhalter']) {
      const page = await timed(path);
      expect(page.status, path).toBe(504);
      // One wait for the whole page (1 s here), not one per API call, and nowhere near 30 s.
      expect(page.ms, path).toBeLessThan(4000);
      expect(page.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(page.body).toContain('<html lang="de">');
      expect(page.body).toContain('<h1>Der Shop antwortet gerade nicht rechtzeitig</h1>');
      expect(page.body).not.toContain('<script');
    }
    const proxied = await fetch(`${world.shop.url}/api/v1/business/get?alias=lp-de`);
    expect(proxied.status).toBe(504);
    expect(await proxied.json()).toMatchObject({ status: 504, code: 'upstream-timeout' });
  });

  it('answers the maintenance page with 503 (not 500) when the API goes away during rendering', async () => {
    world.relay.mode = 'drop';
    const page = await timed('/kfz-kennzeichen');
    expect(page.status).toBe(503);
    expect(page.body).toContain('<h1>Wartungsarbeiten</h1>');
    expect(page.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    const proxied = await fetch(`${world.shop.url}/api/v1/business/get?alias=lp-de`);
    expect(proxied.status).toBe(502);
  });

  it('recovers as soon as the API is well again, without a restart', async () => {
    world.relay.mode = 'pass';
    const page = await timed('/kfz-kennzeichen');
    expect(page.status).toBe(200);
    expect(page.body).toContain('inkl. MwSt.');
  });
});

describe('the default wait', () => {
  it('is 5 s: a held API answers 504 after about that, far below 30 s', async () => {
    const held = await startApiRelay(world.api.url);
    held.mode = 'pass';
    const patient = await startStorefront({ port: 0, apiUrl: held.url, env: {} });
    try {
      held.mode = 'hold';
      const started = Date.now();
      const response = await fetch(`${patient.url}/impressum`);
      const ms = Date.now() - started;
      expect(response.status).toBe(504);
      expect(ms).toBeGreaterThanOrEqual(4500);
      expect(ms).toBeLessThan(10_000);
    } finally {
      await patient.close();
      await held.close();
    }
  });
});
