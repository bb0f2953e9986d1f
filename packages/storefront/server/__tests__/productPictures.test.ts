// @vitest-environment node
// Open Graph pictures (`/images/products/<code>.png`) are rasterised once and kept (session 19, hostile): kept for
// every product asked, a crawler asking for each picture of a shop of 5,000 products left ~375 MB in the server for
// good. At most MAX_RASTERS are kept, the most recently asked.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Renderer } from '../../src/renderTypes';

const drawn = vi.hoisted(() => ({ count: 0 }));
vi.mock('@resvg/resvg-js', () => ({
  Resvg: class {
    constructor(readonly svg: string) {}
    render() {
      drawn.count++;
      return { asPng: () => Buffer.from(`png of ${this.svg}`) };
    }
  },
}));

const { MAX_RASTERS, productPictures } = await import('../productPictures');

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
});
