import { renderAsync } from '@resvg/resvg-js';
import type { FastifyInstance } from 'fastify';
import type { Renderer } from '../src/renderTypes';
import { withApiDeadline } from './apiFetch';
import { REVALIDATE } from './staticFiles';

export interface ProductPicturesOptions {
  renderer: { get(): Promise<Renderer | undefined> };
  apiTimeoutMs: number;
}

const FILE = /^([A-Za-z0-9-]{1,40})\.(svg|png)$/;
/** Open Graph pictures: the 2:1 drawing at 1200 px wide (link previews take rasters only, not SVG). */
export const PNG_WIDTH = 1200;
/**
 * Rasters kept at once, the most recently asked: each holds a PNG of ~26 KB (RSS grew ~75 KB per raster, measured).
 * Keeping one per shown product kept ~375 MB in a shop of 5,000 products once a crawler had asked for every
 * picture, and a large catalogue more. Link previews ask for a few products again and again; others are drawn again
 * when asked (~80 ms).
 */
export const MAX_RASTERS = 200;
/**
 * Rasters drawn at once (session 25, hostile). Drawn on the event loop, one client asking for pictures not kept (a
 * shop of more than MAX_RASTERS products), one request after another on one connection, slowed every shopper's page
 * ~9x (~80 ms of blocked loop each, measured). resvg's `renderAsync` draws on libuv's thread pool, MAX_DRAWING at once,
 * so drawing takes one core at most.
 */
export const MAX_DRAWING = 1;
/**
 * Session 25, hostilefix: a picture asked while another is drawn waits for the slot, at most MAX_WAITING such
 * requests for at most WAIT_MS each, before it is answered 503 with Retry-After. A shared link brings several
 * link-preview fetchers at once, and Meta's (Facebook, WhatsApp) does not ask again: a 503 left the preview without
 * its picture. Eight drawings of ~80 ms fit well in 2 s; more waiters than that would only wait to be turned away.
 */
export const MAX_WAITING = 8;
export const WAIT_MS = 2000;

/** The drawing slots: `take()` answers whether a slot was got, at once or within WAIT_MS; `give()` frees it. */
function drawingSlots() {
  let drawing = 0;
  const waiting: Array<() => void> = [];
  return {
    async take(): Promise<boolean> {
      if (drawing < MAX_DRAWING) {
        drawing++;
        return true;
      }
      if (waiting.length >= MAX_WAITING) return false;
      return new Promise<boolean>((answer) => {
        const handOver = () => {
          clearTimeout(timer);
          answer(true);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(handOver), 1);
          answer(false);
        }, WAIT_MS);
        waiting.push(handOver);
      });
    },
    give() {
      // The slot passes to the longest waiter as it is, so nobody arriving meanwhile takes it first.
      const next = waiting.shift();
      if (next) next();
      else drawing--;
    },
  };
}

/**
 * Issue 13 "real product pictures": `/images/products/<code>.svg` (the demo catalogue's image scheme,
 * docs/reference/demo-catalogue.md) answers the picture drawn from the product itself (src/features/product/
 * productPicture.ts); `<code>.png` the same drawing as a raster for Open Graph, rasterised by resvg and kept per
 * drawing. An unknown or internal product is 404, never a placeholder with its code.
 */
export async function productPictures(app: FastifyInstance, options: ProductPicturesOptions): Promise<void> {
  // Keyed by code, holding the drawing it was made from: a changed catalogue draws (and rasterises) afresh. In the
  // order last asked (a Map keeps insertion order), at most MAX_RASTERS: the least recently asked goes first.
  const rasters = new Map<string, { svg: string; png: Buffer }>();
  const slots = drawingSlots();
  // The drawings under way by code: a request for a picture being drawn (link-preview fetchers of one shared link
  // at once) waits for that drawing instead of drawing it again or being turned away.
  const underWay = new Map<string, { svg: string; png: Promise<Buffer | undefined> }>();
  const draw = async (svg: string): Promise<Buffer | undefined> => {
    if (!(await slots.take())) return undefined;
    try {
      return (await renderAsync(svg, { fitTo: { mode: 'width', value: PNG_WIDTH } })).asPng();
    } finally {
      slots.give();
    }
  };
  /** The kept or newly drawn raster; undefined when no drawing slot came free within WAIT_MS. */
  const raster = async (code: string, svg: string): Promise<Buffer | undefined> => {
    const kept = rasters.get(code);
    let png = kept?.svg === svg ? kept.png : undefined;
    if (!png) {
      let drawn = underWay.get(code);
      if (drawn?.svg !== svg) {
        const fresh = { svg, png: draw(svg) };
        drawn = fresh;
        underWay.set(code, fresh);
        void fresh.png
          .finally(() => {
            if (underWay.get(code) === fresh) underWay.delete(code);
          })
          .catch(() => {});
      }
      png = await drawn.png;
      if (!png) return undefined;
    }
    rasters.delete(code);
    rasters.set(code, { svg, png });
    for (const oldest of rasters.keys()) {
      if (rasters.size <= MAX_RASTERS) break;
      rasters.delete(oldest);
    }
    return png;
  };

  app.get<{ Params: { file: string } }>('/images/products/:file', async (request, reply) => {
    const match = FILE.exec(request.params.file);
    const code = match?.[1]?.toLowerCase();
    if (!code) return reply.callNotFound();
    const renderer = await options.renderer.get();
    if (!renderer) return reply.code(503).header('retry-after', '5').send();
    const outcome = await withApiDeadline(options.apiTimeoutMs, () => renderer.productPicture(code));
    if (outcome.fault) return reply.code(503).header('retry-after', '5').send();
    if (outcome.error) throw outcome.error;
    const svg = outcome.result;
    if (!svg) return reply.callNotFound();
    if (match?.[2] !== 'png')
      return reply.header('cache-control', REVALIDATE).type('image/svg+xml').send(svg);
    const png = await raster(code, svg);
    if (!png) return reply.code(503).header('retry-after', '5').header('cache-control', 'no-store').send();
    return reply.header('cache-control', REVALIDATE).type('image/png').send(png);
  });
}
