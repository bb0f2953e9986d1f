// The Fastify server over HTTP against the built shop: the consent redirect (the security review's finding: POST
// /consent with return=/.//evil.example answered 303 Location: //evil.example) and the headers pages and files keep.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorefrontWorld, startStorefrontWorld } from '../storefront/storefrontWorld';

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld({ browser: false });
});
afterAll(() => world?.close());

const post = (returnPath: string) =>
  fetch(`${world.shop.url}/consent`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: `choice=all&return=${encodeURIComponent(returnPath)}`,
  });

describe('POST /consent return path', () => {
  it.each([
    '/.//evil.example',
    '/..//x',
    '/a/..//x',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    '%2F%2Fevil.example',
    '/\t/evil.example',
    '/\n//evil.example',
    'https://evil.example/',
    '//evil.example',
    `/${'a'.repeat(3000)}`,
  ])('sends %j home', async (hostile) => {
    const response = await post(hostile);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
    expect(response.headers.get('set-cookie')).toMatch(/^lp_consent=/);
  });

  it('keeps a path of the shop', async () => {
    const response = await post('/kategorie/kennzeichenhalter?seite=2');
    expect(response.headers.get('location')).toBe('/kategorie/kennzeichenhalter?seite=2');
  });
});

describe('headers the server keeps', () => {
  it('sends pages with Vary: Cookie, no-cache, the exact CSP and the security headers; HEAD without a body', async () => {
    const page = await fetch(`${world.shop.url}/impressum`);
    expect(page.status).toBe(200);
    expect(page.headers.get('vary')).toMatch(/^Cookie\b/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const csp = (page.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim());
    expect(csp).toEqual([
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      'img-src * data: blob:',
      "font-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'self'",
    ]);
    // spec 2: /number-banner is framed by other sites; payment popups talk back to their opener.
    const banner = await fetch(`${world.shop.url}/number-banner`);
    expect(banner.headers.get('x-frame-options')).toBeNull();
    expect(banner.headers.get('content-security-policy')).not.toContain('frame-ancestors');
    expect(banner.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    const head = await fetch(`${world.shop.url}/impressum`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const refused = await fetch(`${world.shop.url}/impressum`, { method });
      expect([refused.status, refused.headers.get('allow')], method).toEqual([405, 'GET, HEAD']);
    }
  });

  it('serves the service worker revalidated, the widget revalidated and loadable by other sites', async () => {
    const worker = await fetch(`${world.shop.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toMatch(/^text\/javascript/);
    const widget = await fetch(`${world.shop.url}/widget/lp-widget.js`);
    expect(widget.status).toBe(200);
    expect(widget.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    expect(widget.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const image = await fetch(`${world.shop.url}/images/products/FKZ-001.svg`);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
    expect((await fetch(`${world.shop.url}/images/products/..%2Fx.svg`)).status).toBe(404);
    expect((await fetch(`${world.shop.url}/favicon.ico`)).headers.get('content-type')).toBe('image/svg+xml');
  });

  it('answers a path that cannot be routed (malformed escapes) with a German 400', async () => {
    const response = await fetch(`${world.shop.url}/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('Ungültige Anfrage');
  });
});
