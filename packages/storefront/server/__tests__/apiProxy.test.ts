// @vitest-environment node
import { type Server, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiProxy, normaliseApiPath } from '../apiProxy';

/** A stand-in API (failure injection: slow answers); echoes what it received. */
let upstreamClosed: () => void = () => {};
const upstream = createServer((req, res) => {
  if (req.url?.startsWith('/api/slow')) {
    req.on('close', () => upstreamClosed());
    return; // never answers
  }
  const page = /^\/api\/v1\/(page|pag%65)\/*(\?|$)/i.test(req.url ?? '');
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify(
      page ? { Content: '<p>Text</p><script>alert(1)</script>' } : { url: req.url, headers: req.headers },
    ),
  );
});
let shop: Server;
let shopUrl = '';
let upstreamUrl = '';

const listen = (server: Server) =>
  new Promise<string>((done) =>
    server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

beforeAll(async () => {
  const apiUrl = await listen(upstream);
  upstreamUrl = apiUrl;
  const proxy = createApiProxy(apiUrl, { proto: 'https', timeoutMs: 300 });
  shop = createServer((req, res) => proxy(req, res));
  shopUrl = await listen(shop);
});
afterAll(async () => {
  shop.closeAllConnections();
  upstream.closeAllConnections();
  await new Promise((done) => shop.close(done));
  await new Promise((done) => upstream.close(done));
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${shopUrl}${path}`, { headers }).then(async (r) => ({ status: r.status, body: await r.json() }));

describe('api proxy', () => {
  it('replaces forged forwarding headers with its own', async () => {
    const { body } = await get('/api/v1/echo', {
      'X-Forwarded-For': '6.6.6.6',
      'X-Forwarded-Proto': 'gopher',
      'X-Forwarded-Port': '1',
      Forwarded: 'for=6.6.6.6',
    });
    expect(body.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(body.headers['x-forwarded-proto']).toBe('https');
    expect(body.headers['x-forwarded-port']).toBeUndefined();
    expect(body.headers.forwarded).toBeUndefined();
  });

  it("sends the API the secret shared with it, never a browser's own", async () => {
    const forged = await get('/api/v1/echo', { 'X-LP-Proxy-Secret': 'guessed-by-the-browser' });
    expect(forged.body.headers['x-lp-proxy-secret']).toBeUndefined();

    const proxy = createApiProxy(upstreamUrl, { secret: 'shared-with-the-api-0123456789' });
    const withSecret = createServer((req, res) => proxy(req, res));
    const url = await listen(withSecret);
    try {
      const answer = await fetch(`${url}/api/v1/echo`, { headers: { 'X-LP-Proxy-Secret': 'guessed' } });
      const { headers } = (await answer.json()) as { headers: Record<string, string> };
      expect(headers['x-lp-proxy-secret']).toBe('shared-with-the-api-0123456789');
      expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    } finally {
      withSecret.closeAllConnections();
      await new Promise((done) => withSecret.close(done));
    }
  });

  it('names the shopper behind a trusted load balancer, and ignores the header from anyone else', async () => {
    const proxy = createApiProxy(upstreamUrl, { trustedProxies: ['127.0.0.1'] });
    const behindBalancer = createServer((req, res) => proxy(req, res));
    const url = await listen(behindBalancer);
    const forwardedFor = async (header: string) => {
      const answer = await fetch(`${url}/api/v1/echo`, { headers: { 'X-Forwarded-For': header } });
      return ((await answer.json()) as { headers: Record<string, string> }).headers['x-forwarded-for'];
    };
    try {
      // The balancer's own hop is the last entry; what the shopper claimed left of it is not believed.
      expect(await forwardedFor('6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
      expect(await forwardedFor('203.0.113.8')).toBe('203.0.113.8');
      expect(await forwardedFor('<script>')).toBe('127.0.0.1');
    } finally {
      behindBalancer.closeAllConnections();
      await new Promise((done) => behindBalancer.close(done));
    }
    // Without the balancer in the list (the default), the same header is a lie: the peer is the shopper.
    const { body } = await get('/api/v1/echo', { 'X-Forwarded-For': '203.0.113.7' });
    expect(body.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it("forwards only the API's own cookies (session, anti-forgery token), not the shop's consent or analytics", async () => {
    const alone = await get('/api/v1/echo', { Cookie: 'lp_consent=v1.s1.m1.t1763719200; _ga=GA1.1.1.1' });
    expect(alone.body.headers.cookie).toBeUndefined();
    const mixed = await get('/api/v1/echo', {
      Cookie: 'XSRF-TOKEN=abcdefghijklmnop; lp_consent=v1.s0.m0.t1; lp_session=s1; _ga=GA1.1.1.1',
    });
    expect(mixed.body.headers.cookie).toBe('XSRF-TOKEN=abcdefghijklmnop; lp_session=s1');
  });

  it('sanitises the page answer however its path is spelled', async () => {
    for (const path of ['/api/v1/page', '/api/v1/page/', '/api/v1/pag%65', '/API/v1/Page//']) {
      const { body } = await get(`${path}?alias=x`);
      expect(body.Content, path).toBe('<p>Text</p>');
    }
    expect(normaliseApiPath('/api/v1/pag%65/')).toBe('/api/v1/page');
    expect(normaliseApiPath('/api/%E0%A4%A')).toBeNull();
    expect((await get('/api/%E0%A4%A')).status).toBe(400);
  });

  it('answers 504 JSON when the API is too slow', async () => {
    const { status, body } = await get('/api/slow');
    expect(status).toBe(504);
    expect(body).toMatchObject({ status: 504 });
  });

  it('aborts the API request when the browser disconnects', async () => {
    const closed = new Promise<void>((done) => {
      upstreamClosed = done;
    });
    const req = request(`${shopUrl}/api/slow-abort`);
    req.on('error', () => {});
    req.end();
    await new Promise((done) => setTimeout(done, 50));
    req.destroy();
    const started = Date.now();
    await closed;
    expect(Date.now() - started).toBeLessThan(250); // well before the 300 ms timeout
  });
});
