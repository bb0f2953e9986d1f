// @vitest-environment node
// Open Graph pictures (`/images/products/<code>.png`) are rasterised once and kept (session 19, hostile): kept for
// every product asked, a crawler asking for each picture of a shop of 5,000 products left ~375 MB in the server for
// good. At most MAX_RASTERS are kept, the most recently asked.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Renderer } from '../../src/renderTypes';

// `gate`: a drawing ends when it resolves (a test holds one to ask for pictures meanwhile).
const drawn = vi.hoisted(() => ({ count: 0, gate: Promise.resolve() }));
vi.mock('@resvg/resvg-js', () => ({
  renderAsync: async (svg: string) => {
    drawn.count++;
    await drawn.gate;
    return { asPng: () => Buffer.from(`png of ${svg}`) };
  },
}));

const { MAX_DRAWING, MAX_RASTERS, productPictures } = await import('../productPictures');

const renderer = {
  async productPicture(code: string) {
    return code.startsWith('p-') ? `<svg id="${code}"/>` : undefined;
  },
} as Renderer;

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await app.register(productPictures, { renderer: { get: async () => renderer }, apiTimeoutMs: 1000 });
  await app.ready();
});
afterAll(() => app.close());

const png = (code: string) => app.inject(`/images/products/${code}.png`);

describe('GET /images/products/<code>.png', () => {
  it('keeps a raster while it is asked for, and at most MAX_RASTERS of them', async () => {
    const first = await png('p-1');
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('png of <svg id="p-1"/>');
    expect(drawn.count).toBe(1);
    await png('p-1');
    expect(drawn.count).toBe(1);
    expect((await png('x-unknown')).statusCode).toBe(404);

    // A crawler asks for every other picture once; p-1 stays asked for (a shared link's preview).
    for (let i = 2; i <= MAX_RASTERS + 50; i++) {
      await png(`p-${i}`);
      if (i % 50 === 0) await png('p-1');
    }
    const drawnByCrawl = drawn.count;
    await png('p-1');
    expect(drawn.count).toBe(drawnByCrawl);
    // The least recently asked went: drawn again. Before, every raster stayed (nothing was drawn again).
    await png('p-2');
    expect(drawn.count).toBe(drawnByCrawl + 1);
    await png(`p-${MAX_RASTERS + 50}`);
    expect(drawn.count).toBe(drawnByCrawl + 1);
  });

  // Session 25, hostile: drawn on the event loop (~80 ms each), one client asking for pictures not kept, one after
  // another, slowed every shopper's page ~9x. Now they are drawn off the loop, MAX_DRAWING at once.
  it('draws one picture at a time: another asked meanwhile is 503 with Retry-After, a kept one is served', async () => {
    expect(MAX_DRAWING).toBe(1);
    await png('p-kept');
    let release = () => {};
    drawn.gate = new Promise<void>((done) => {
      release = done;
    });
    const before = drawn.count;
    const first = png('p-new-1');
    while (drawn.count === before) await new Promise((done) => setTimeout(done, 5));

    const meanwhile = await png('p-new-2');
    expect(meanwhile.statusCode).toBe(503);
    expect(meanwhile.headers['retry-after']).toBe('5');
    expect(meanwhile.headers['cache-control']).toBe('no-store');
    expect((await png('p-kept')).statusCode).toBe(200);
    expect(drawn.count).toBe(before + 1);

    release();
    drawn.gate = Promise.resolve();
    expect((await first).body).toBe('png of <svg id="p-new-1"/>');
    expect((await png('p-new-2')).statusCode).toBe(200);
  });
});
