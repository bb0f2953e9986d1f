// Paths an attacker crafts for the shop's server: dot segments and backslashes that turn a path into another host,
// and tricks that would reach API routes outside /api through the proxy. Sent over a raw socket (fetch would
// normalise them first).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorefrontWorld, startStorefrontWorld } from '../storefront/storefrontWorld';

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld({ browser: false });
});
afterAll(() => world?.close());

/** GET with the path exactly as given; answers status, Location and the start of the body. */
function rawGet(path: string): Promise<{ status: number; location: string | undefined; body: string }> {
  const { hostname, port } = new URL(world.shop.url);
  return new Promise((done, fail) => {
    const req = request({ host: hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => done({ status: res.statusCode ?? 0, location: res.headers.location, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('paths that look like another host', () => {
  it.each(['/.//evil.example', '/\\evil.example', '/a/..//evil.example', '//evil.example'])(
    '%s is the shop path /evil.example (not found), never a page for another host',
    async (path) => {
      const plain = await rawGet('/evil.example');
      const crafted = await rawGet(path);
      expect([crafted.status, crafted.location]).toEqual([plain.status, plain.location]);
      expect([plain.status, plain.location]).toEqual([302, '/404']);
    },
  );
});

describe('the /api proxy reaches /api only', () => {
  it.each([
    '/api/../sandbox/outbox',
    '/api/%2e%2e/sandbox/outbox',
    '/api/..%2fsandbox/outbox',
    '/api/%2e%2e%2fsandbox/outbox',
    '/api/..\\sandbox/outbox',
    '/api/v1/../../uploads/x.png',
  ])('%s does not answer the API sandbox or uploads', async (path) => {
    const answer = await rawGet(path);
    expect(answer.body).not.toContain('Postausgang');
    expect(answer.status).not.toBe(200);
  });
});
