// @vitest-environment node
// Session 25, hostile: the storefront renders at most 100 pages at once and answers the German 503 page beyond
// (session 24). One client alone could hold all of them: 100 connections asking for the page of a 100-line cart
// (~0.2 s each, measured) left every other shopper the maintenance page. Now a client's pages above its own bound
// are shed, and the others keep the rest. The renderer here holds each page until the test lets it go, so nothing
// depends on timing.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Renderer } from '../../src/renderTypes';
import { pageClientOf } from '../clientAddress';
import { pageRoutes } from '../pageRoutes';

/** A renderer whose pages wait until `release()`; `started` counts the renders begun. */
function heldRenderer() {
  let release = () => {};
  const gate = new Promise<void>((done) => {
    release = done;
  });
  const held = { started: 0, release: () => release() };
  const renderer = {
    render: async () => {
      held.started++;
      await gate;
      return { kind: 'redirect', status: 302, location: '/' };
    },
  } as unknown as Renderer;
  return { held, renderer };
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function shop(renderer: Renderer, trustedProxies: string[] = []) {
  const app = Fastify();
  apps.push(app);
  await app.register(pageRoutes, {
    renderer: { get: async () => renderer },
    manifest: {},
    origin: () => 'http://shop.invalid',
    originConfigured: false,
    indexable: false,
    apiTimeoutMs: 60_000,
    stylesheets: [],
    maxPagesInFlight: 20,
    clientOf: (request) => pageClientOf(request.raw, trustedProxies),
    maxPagesPerClient: 2,
  });
  await app.ready();
  return app;
}

const page = (app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/funschild', remoteAddress, headers });

/** Lets the event loop run until `held.started` reaches `count`. */
async function startedReaches(held: { started: number }, count: number) {
  for (let i = 0; i < 200 && held.started < count; i++) await new Promise((done) => setTimeout(done, 5));
  expect(held.started).toBe(count);
}

describe('pages in flight per client', () => {
  it("sheds a client's pages above its bound with the German 503 page while another shopper's page is rendered", async () => {
    const { held, renderer } = heldRenderer();
    const app = await shop(renderer);
    const greedy = [page(app, '203.0.113.7'), page(app, '203.0.113.7')];
    await startedReaches(held, 2);

    const shed = await page(app, '203.0.113.7');
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(shed.headers['cache-control']).toBe('no-store');
    expect(shed.body).toContain('<h1>Wartungsarbeiten</h1>');
    expect(held.started).toBe(2);

    const other = page(app, '198.51.100.9');
    await startedReaches(held, 3);
    held.release();
    expect((await Promise.all([...greedy, other])).map((answer) => answer.statusCode)).toEqual([
      302, 302, 302,
    ]);
    // The bound counts pages in flight, not pages ever asked: the client is served again.
    expect((await page(app, '203.0.113.7')).statusCode).toBe(302);
  });

  it('counts an IPv6 client by its /64, so new addresses of its own buy no more pages', async () => {
    const { held, renderer } = heldRenderer();
    const app = await shop(renderer);
    const greedy = [page(app, '2001:db8:1:2::1'), page(app, '2001:db8:1:2:ffff:ffff:ffff:9')];
    await startedReaches(held, 2);
    expect((await page(app, '2001:0db8:0001:0002::77')).statusCode).toBe(503);
    const neighbour = page(app, '2001:db8:1:3::1');
    await startedReaches(held, 3);
    held.release();
    expect((await Promise.all([...greedy, neighbour])).map((answer) => answer.statusCode)).toEqual([
      302, 302, 302,
    ]);
  });

  it("bounds the shopper a trusted proxy names, not the proxy, and never a peer of the operator's network", async () => {
    const { held, renderer } = heldRenderer();
    const app = await shop(renderer, ['10.0.0.2']);
    const viaProxy = (shopper: string) => page(app, '10.0.0.2', { 'x-forwarded-for': shopper });
    // A proxy or load balancer without TRUST_PROXY (or a bench) carries every shopper: not bounded.
    const local = ['127.0.0.1', '10.1.2.3', 'fd12:3456::1'].flatMap((peer) =>
      [1, 2, 3].map(() => page(app, peer)),
    );
    const greedy = [viaProxy('203.0.113.7'), viaProxy('203.0.113.7')];
    await startedReaches(held, 11);
    expect((await viaProxy('203.0.113.7')).statusCode).toBe(503);
    // A forged X-Forwarded-For in front of the proxy's own entry names nobody.
    expect((await viaProxy('198.51.100.9, 203.0.113.7')).statusCode).toBe(503);
    const other = viaProxy('198.51.100.9');
    await startedReaches(held, 12);
    held.release();
    const answers = await Promise.all([...local, ...greedy, other]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(302));
  });
});
