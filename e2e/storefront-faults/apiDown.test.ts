// The security review's finding "the storefront does not start while the API is down": it starts, answers pages
// with a German maintenance page (503, Retry-After) and serves the shop as soon as the API is there, no restart.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RunningApi, startApi } from '@lp/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningStorefront, startStorefront } from '../../packages/storefront/server/index';
import { ensureStorefrontBuilt } from '../storefront/storefrontWorld';
import { freePort } from '../../scripts/freePort.mjs';

describe('API down at start, then back', () => {
  let port = 0;
  let shop: RunningStorefront;
  let api: RunningApi | undefined;
  beforeAll(async () => {
    ensureStorefrontBuilt();
    port = await freePort();
    shop = await startStorefront({ port: 0, apiUrl: `http://127.0.0.1:${port}`, env: {} });
  });
  afterAll(async () => {
    await shop?.close();
    await api?.close();
  });

  it('starts and answers pages with the maintenance page, status 503 and Retry-After', async () => {
    for (const path of ['/', '/kfz-kennzeichen', '/impressum?x=1']) {
      const response = await fetch(`${shop.url}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(503);
      expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const page = await response.text();
      expect(page).toMatch(/^<!doctype html><html lang="de">/);
      expect(page).toContain('<h1>Wartungsarbeiten</h1>');
      expect(page).toContain('Der Shop ist gleich wieder für Sie da.');
      expect(page).not.toContain('<script');
    }
    const head = await fetch(`${shop.url}/`, { method: 'HEAD' });
    expect(head.status).toBe(503);
    // A load balancer sees a live process that is not ready to serve pages.
    expect((await fetch(`${shop.url}/health`)).status).toBe(200);
    const ready = await fetch(`${shop.url}/health/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(await ready.json()).toEqual({ status: 'unavailable' });
    // What needs no API still works; the proxy says the API is unreachable in the contract's shape.
    expect((await fetch(`${shop.url}/robots.txt`)).status).toBe(200);
    expect((await fetch(`${shop.url}/favicon.svg`)).status).toBe(200);
    const proxied = await fetch(`${shop.url}/api/v1/business/get?alias=lp-de`);
    expect(proxied.status).toBe(502);
    expect(await proxied.json()).toMatchObject({ status: 502, code: 'upstream-unreachable' });
  });

  it('serves the shop once the API starts on the announced port, without a restart', async () => {
    api = await startApi({ port, host: '127.0.0.1', dataDir: 'memory', rateLimit: false });
    await expect
      .poll(async () => (await fetch(`${shop.url}/impressum`)).status, { timeout: 20_000, interval: 250 })
      .toBe(200);
    expect(await (await fetch(`${shop.url}/impressum`)).text()).toContain('<h1>Impressum</h1>');
    expect((await fetch(`${shop.url}/sitemap.xml`)).status).toBe(200);
    const ready = await fetch(`${shop.url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok' });
  });
});

describe('retrying without hammering the API', () => {
  it('asks an unavailable API once for many concurrent requests, then only after a back-off', async () => {
    ensureStorefrontBuilt();
    let companyCalls = 0;
    const unavailable = createServer((req, res) => {
      if (req.url?.includes('/business/get?')) companyCalls++;
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '10' });
      res.end('{"status":503,"code":"overloaded","message":"busy"}');
    });
    await new Promise<void>((done) => unavailable.listen(0, '127.0.0.1', () => done()));
    const apiUrl = `http://127.0.0.1:${(unavailable.address() as AddressInfo).port}`;
    const shop = await startStorefront({ port: 0, apiUrl, env: {} });
    try {
      const atStart = companyCalls;
      expect(atStart).toBe(1);
      const statuses = await Promise.all(
        Array.from({ length: 20 }, () => fetch(`${shop.url}/`).then((r) => r.status)),
      );
      expect(statuses.every((status) => status === 503)).toBe(true);
      // At most one more attempt for all twenty (the first back-off may have passed already).
      expect(companyCalls - atStart).toBeLessThanOrEqual(1);
    } finally {
      await shop.close();
      unavailable.closeAllConnections();
      await new Promise((done) => unavailable.close(done));
    }
  });
});
