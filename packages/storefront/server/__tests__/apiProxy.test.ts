// @vitest-environment node
import { type Server, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProxyOptions, apiProxy } from '../apiProxy';

/** Requests to /api/hold/<id>: held unanswered; `closed` settles when the API side sees their connection end. */
const held = new Map<string, { closed: Promise<number> }>();

/** A stand-in API (failure injection: slow answers); echoes what it received. */
const upstream = createServer((req, res) => {
  if (req.url?.startsWith('/api/slow')) return; // never answers
  if (req.url?.startsWith('/api/hold/')) {
    const closed = new Promise<number>((resolve) =>
      req.socket.once('close', () => resolve(performance.now())),
    );
    held.set(req.url.slice('/api/hold/'.length), { closed });
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json', 'keep-alive': 'timeout=72' });
  res.end(JSON.stringify({ url: req.url, headers: req.headers }));
});
let upstreamUrl = '';
const shops: FastifyInstance[] = [];

const listen = (server: Server) =>
  new Promise<string>((done) =>
    server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

/** The storefront's proxy alone on a Fastify server, as startStorefront registers it. */
async function proxyTo(options: Partial<ApiProxyOptions> = {}): Promise<string> {
  const app = Fastify();
  await app.register(apiProxy, { apiUrl: upstreamUrl, ...options });
  shops.push(app);
  return app.listen({ port: 0, host: '127.0.0.1' });
}

let shopUrl = '';
beforeAll(async () => {
  upstreamUrl = await listen(upstream);
  shopUrl = await proxyTo({ proto: 'https', timeoutMs: 300 });
});
afterAll(async () => {
  for (const app of shops) await app.close();
  upstream.closeAllConnections();
  await new Promise((done) => upstream.close(done));
});

type Echo = { url: string; headers: Record<string, string | undefined> };
const get = (path: string, headers: Record<string, string> = {}, base = shopUrl) =>
  fetch(`${base}${path}`, { headers }).then(async (r) => ({
    status: r.status,
    headers: r.headers,
    body: (await r.json()) as Echo & Record<string, unknown>,
  }));

describe('api proxy (@fastify/http-proxy)', () => {
  it('forwards path and query to the API unchanged', async () => {
    const { body } = await get('/api/v1/echo?alias=lp-de&x=%20');
    expect(body.url).toBe('/api/v1/echo?alias=lp-de&x=%20');
  });

  it('replaces forged forwarding headers with its own and drops Origin and Referer', async () => {
    const { body } = await get('/api/v1/echo', {
      'X-Forwarded-For': '6.6.6.6',
      'X-Forwarded-Proto': 'gopher',
      'X-Forwarded-Port': '1',
      'X-Forwarded-Host': 'evil.example',
      Forwarded: 'for=6.6.6.6',
      Origin: 'https://evil.example',
      Referer: 'https://evil.example/x',
    });
    expect(body.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(body.headers['x-forwarded-proto']).toBe('https');
    expect(body.headers['x-forwarded-host']).toBe(new URL(shopUrl).host);
    expect(body.headers['x-forwarded-port']).toBeUndefined();
    expect(body.headers.forwarded).toBeUndefined();
    expect(body.headers.origin).toBeUndefined();
    expect(body.headers.referer).toBeUndefined();
  });

  it("sends the API the secret shared with it, never a browser's own", async () => {
    const forged = await get('/api/v1/echo', { 'X-LP-Proxy-Secret': 'guessed-by-the-browser' });
    expect(forged.body.headers['x-lp-proxy-secret']).toBeUndefined();
    const withSecret = await proxyTo({ secret: 'shared-with-the-api-0123456789' });
    const { body } = await get('/api/v1/echo', { 'X-LP-Proxy-Secret': 'guessed' }, withSecret);
    expect(body.headers['x-lp-proxy-secret']).toBe('shared-with-the-api-0123456789');
    expect(body.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('names the shopper behind a trusted load balancer, and ignores the header from anyone else', async () => {
    const behindBalancer = await proxyTo({ trustedProxies: ['127.0.0.1'] });
    const forwardedFor = async (header: string) =>
      (await get('/api/v1/echo', { 'X-Forwarded-For': header }, behindBalancer)).body.headers[
        'x-forwarded-for'
      ];
    // The balancer's own hop is the last entry; what the shopper claimed left of it is not believed.
    expect(await forwardedFor('6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await forwardedFor('203.0.113.8')).toBe('203.0.113.8');
    expect(await forwardedFor('<script>')).toBe('127.0.0.1');
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

  it('streams request bodies through unparsed, whatever their type', async () => {
    for (const [type, body] of [
      ['application/json', '{"a":1}'],
      ['text/plain', 'x'.repeat(100_000)],
      ['application/octet-stream', 'raw'],
    ] as const) {
      const answer = await fetch(`${shopUrl}/api/v1/echo`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
      const echo = (await answer.json()) as Echo;
      expect(answer.status).toBe(200);
      expect(echo.headers['content-length']).toBe(String(body.length));
      expect(echo.headers['content-type']).toBe(type);
    }
  });

  it("keeps the API's keep-alive terms to itself", async () => {
    const { headers } = await get('/api/v1/echo');
    expect(headers.get('keep-alive')).not.toBe('timeout=72');
  });

  it('answers 504 JSON with a code when the API is too slow, 502 when it is unreachable', async () => {
    const slow = await get('/api/slow');
    expect(slow.status).toBe(504);
    expect(slow.body).toEqual({
      status: 504,
      code: 'upstream-timeout',
      message: 'The shop API did not answer in time.',
    });
    const closed = createServer();
    const deadUrl = await listen(closed);
    await new Promise((done) => closed.close(done));
    const dead = await proxyTo({ apiUrl: deadUrl });
    const unreachable = await get('/api/v1/echo', {}, dead);
    expect(unreachable.status).toBe(502);
    expect(unreachable.body).toMatchObject({ status: 502, code: 'upstream-unreachable' });
  });

  it('cancels the API request at once when the browser aborts it, not after the 15 s timeout', async () => {
    const shop = await proxyTo();
    const controller = new AbortController();
    const answer = fetch(`${shop}/api/hold/abort`, { signal: controller.signal }).catch((error) => error);
    await expect.poll(() => held.has('abort'), { timeout: 5000 }).toBe(true);
    const abortedAt = performance.now();
    controller.abort();
    expect(await answer).toMatchObject({ name: 'AbortError' });
    const closedAt = await held.get('abort')!.closed;
    expect(closedAt - abortedAt).toBeLessThan(2000);
  });

  it('closes its connections to the API when the storefront closes', async () => {
    const app = Fastify();
    await app.register(apiProxy, { apiUrl: upstreamUrl });
    const shop = await app.listen({ port: 0, host: '127.0.0.1' });
    const connected = new Promise<Socket>((resolve) =>
      upstream.on('request', (req) => req.url === '/api/v1/echo/closing' && resolve(req.socket)),
    );
    expect((await get('/api/v1/echo/closing', {}, shop)).status).toBe(200);
    const socket = await connected;
    const ended = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
    const closedAt = performance.now();
    await app.close();
    // The API named 72 s of keep-alive; an agent left open would hold the connection (and the API's close) that long.
    expect((await ended) - closedAt).toBeLessThan(2000);
  });
});
