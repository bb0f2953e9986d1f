// The /api proxy forwards only the API's own cookies and the real client address (recorded by a relay in front of
// the real API), never a browser's own forwarding headers or proxy secret.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedRequest } from './apiRelay';
import { type RelayedShop, startRelayedShop } from './relayedShop';

const SECRET = 'storefront-and-api-share-this-0123456789';
let world: RelayedShop;
beforeAll(async () => {
  // 127.0.0.3 plays the load balancer in front of the shop.
  world = await startRelayedShop({
    env: { LP_PROXY_SECRET: SECRET, TRUST_PROXY: '127.0.0.3' },
  });
});
afterAll(async () => {
  await world?.close();
});

/** A GET through the shop's proxy from a given local address; returns the API's answer and what the API got. */
function getFrom(from: string, path: string, headers: Record<string, string>) {
  const marker = `${path}${path.includes('?') ? '&' : '?'}probe=${Math.random().toString(36).slice(2)}`;
  return new Promise<{ status: number; setCookie: string[]; seen: RecordedRequest }>((done, fail) => {
    const req = request(`${world.shop.url}${marker}`, { localAddress: from, headers }, (res) => {
      res.resume();
      res.on('end', () => {
        const seen = world.relay.recorded.find((r) => r.url.endsWith(marker.slice(marker.indexOf('probe='))));
        if (!seen) return fail(new Error(`the API never saw ${marker}`));
        done({ status: res.statusCode ?? 0, setCookie: res.headers['set-cookie'] ?? [], seen });
      });
    });
    req.on('error', fail);
    req.end();
  });
}

describe('the /api proxy in front of the real API', () => {
  it("forwards only the API's cookies and the shopper's own address", async () => {
    const { status, seen } = await getFrom('127.0.0.2', '/api/v1/business/get?alias=lp-de', {
      cookie: 'lp_consent=v1.s1.m1.t1763719200; _ga=GA1.1.1.1; XSRF-TOKEN=abcdefghijklmnop; lp_session=s1',
      'x-forwarded-for': '6.6.6.6',
      'x-forwarded-host': 'evil.example',
      forwarded: 'for=6.6.6.6',
      'x-lp-proxy-secret': 'guessed-by-the-browser-000000000000',
      origin: 'https://evil.example',
      referer: 'https://evil.example/x',
    });
    expect(status).toBe(200);
    expect(seen.headers.cookie).toBe('XSRF-TOKEN=abcdefghijklmnop; lp_session=s1');
    expect(seen.headers['x-forwarded-for']).toBe('127.0.0.2');
    expect(seen.headers['x-forwarded-proto']).toBe('http');
    expect(seen.headers['x-forwarded-host']).toBe(new URL(world.shop.url).host);
    expect(seen.headers['x-lp-proxy-secret']).toBe(SECRET);
    expect(seen.headers.forwarded).toBeUndefined();
    expect(seen.headers.origin).toBeUndefined();
    expect(seen.headers.referer).toBeUndefined();
  });

  it('sends no cookie at all when the shopper has none of the API', async () => {
    const { seen } = await getFrom('127.0.0.2', '/api/v1/business/get?alias=lp-de', {
      cookie: 'lp_consent=v1.s0.m0.t1; _ga=GA1.1.1.1',
    });
    expect(seen.headers.cookie).toBeUndefined();
  });

  it('takes the shopper from a trusted load balancer, the peer from anyone else', async () => {
    const viaBalancer = await getFrom('127.0.0.3', '/api/v1/business/get?alias=lp-de', {
      'x-forwarded-for': '6.6.6.6, 203.0.113.9',
    });
    expect(viaBalancer.seen.headers['x-forwarded-for']).toBe('203.0.113.9');
    const direct = await getFrom('127.0.0.4', '/api/v1/business/get?alias=lp-de', {
      'x-forwarded-for': '203.0.113.9',
    });
    expect(direct.seen.headers['x-forwarded-for']).toBe('127.0.0.4');
  });

  it("passes the API's own Set-Cookie back to the browser", async () => {
    const { setCookie } = await getFrom('127.0.0.2', '/api/v1/business/get?alias=lp-de', {});
    expect(setCookie.some((cookie) => cookie.startsWith('XSRF-TOKEN='))).toBe(true);
  });
});
