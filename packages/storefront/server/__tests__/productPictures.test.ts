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

const { MAX_DRAWING, MAX_RASTERS, MAX_WAITING, WAIT_MS, productPictures } = await import(
  '../productPictures'
);

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
  // Session 25, hostilefix: a picture asked meanwhile was 503 at once, even the same one; link-preview fetchers of
  // one shared link ask at once, and Meta's does not ask again. The same picture now waits for its drawing, another
  // for the slot (at most MAX_WAITING of them, WAIT_MS each).
  it('draws one picture at a time: the same one asked meanwhile shares its drawing, another waits for the slot', async () => {
    expect(MAX_DRAWING).toBe(1);
    await png('p-kept');
    const release = holdDrawings();
    const before = drawn.count;
    const first = png('p-new-1');
    await drawingStarted(before + 1);

    const same = png('p-new-1');
    const other = png('p-new-2');
    expect((await png('p-kept')).statusCode).toBe(200);
    await new Promise((done) => setTimeout(done, 50));
    expect(drawn.count).toBe(before + 1);

    release();
    const answers = await Promise.all([first, same, other]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.body)).toEqual([
      'png of <svg id="p-new-1"/>',
      'png of <svg id="p-new-1"/>',
      'png of <svg id="p-new-2"/>',
    ]);
    // p-new-1 was drawn once for both of its requests.
    expect(drawn.count).toBe(before + 2);
  });

  it('answers 503 with Retry-After beyond MAX_WAITING waiters and after WAIT_MS without a slot', async () => {
    const release = holdDrawings();
    const before = drawn.count;
    const first = png('p-slow-0');
    await drawingStarted(before + 1);
    const waiters = Array.from({ length: MAX_WAITING }, (_, i) => png(`p-slow-${i + 1}`));
    await new Promise((done) => setTimeout(done, 50));

    const turnedAway = await png('p-slow-too-many');
    expect(turnedAway.statusCode).toBe(503);
    expect(turnedAway.headers['retry-after']).toBe('5');
    expect(turnedAway.headers['cache-control']).toBe('no-store');

    const startedAt = Date.now();
    const statuses = (await Promise.all(waiters)).map((answer) => answer.statusCode);
    expect(statuses).toEqual(Array(MAX_WAITING).fill(503));
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(WAIT_MS - 100);

    release();
    expect((await first).statusCode).toBe(200);
    expect((await png('p-slow-1')).statusCode).toBe(200);
  });
});

/** Holds every drawing until the returned function is called. */
function holdDrawings() {
  let release = () => {};
  drawn.gate = new Promise<void>((done) => {
    release = done;
  });
  return () => {
    release();
    drawn.gate = Promise.resolve();
  };
}

async function drawingStarted(count: number) {
  for (let i = 0; i < 200 && drawn.count < count; i++) await new Promise((done) => setTimeout(done, 5));
  expect(drawn.count).toBe(count);
}
