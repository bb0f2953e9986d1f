// @vitest-environment node
// A client navigation to a catalogue page reads that page's data from the shop's server (session 18,
// catalogue-nav): `GET /page-data/<the page's address>` answers its loader data from the kept catalogue, or where
// it redirects; other pages are not its to answer.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Renderer } from '../../src/renderTypes';
import { PAGE_DATA_PATH, pageDataRoute } from '../pageData';

const asked: string[] = [];
const renderer = {
  async pageData(request: Request) {
    const url = new URL(request.url);
    asked.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/cart') return null;
    if (url.searchParams.get('seite') === '99') return { redirect: url.pathname };
    return { data: { page: Number(url.searchParams.get('seite') ?? 1) } };
  },
} as Renderer;

let app: FastifyInstance;
let ready = true;
beforeAll(async () => {
  app = Fastify();
  await app.register(pageDataRoute, {
    renderer: { get: async () => (ready ? renderer : undefined) },
    apiTimeoutMs: 1000,
  });
  await app.ready();
});
afterAll(() => app.close());

describe(`GET ${PAGE_DATA_PATH}/*`, () => {
  it("answers a catalogue page's data for its address, query included", async () => {
    const response = await app.inject(`${PAGE_DATA_PATH}/kategorie/funschilder?seite=2&utm_source=mail`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { page: 2 } });
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(asked.at(-1)).toBe('/kategorie/funschilder?seite=2&utm_source=mail');
    expect((await app.inject(`${PAGE_DATA_PATH}/`)).json()).toEqual({ data: { page: 1 } });
    expect(asked.at(-1)).toBe('/');
  });

  it('reads an address with two leading slashes as a path of the shop, never as another host (session 19)', async () => {
    // Before: `new URL('//a:99999/x', base)` threw (a port out of range, `[::1`, a space in a host) and answered 500.
    for (const [address, path] of [
      ['//a:99999/x', '/a:99999/x'],
      ['//[::1', '/[::1'],
      ['//a%20b/', '/a%20b/'],
      ['//evil.example/kategorie/funschilder?seite=2', '/evil.example/kategorie/funschilder?seite=2'],
    ]) {
      const response = await app.inject(`${PAGE_DATA_PATH}${address}`);
      expect(response.statusCode, address).toBe(200);
      expect(asked.at(-1), address).toBe(path);
    }
  });

  it('answers a redirect as data, 404 for other pages, 503 before the renderer is ready', async () => {
    const moved = await app.inject(`${PAGE_DATA_PATH}/kategorie/funschilder?seite=99`);
    expect(moved.json()).toEqual({ redirect: '/kategorie/funschilder' });
    expect((await app.inject(`${PAGE_DATA_PATH}/cart`)).statusCode).toBe(404);
    ready = false;
    const early = await app.inject(`${PAGE_DATA_PATH}/kennzeichen`);
    ready = true;
    expect(early.statusCode).toBe(503);
    expect(early.headers['retry-after']).toBe('5');
  });
});
