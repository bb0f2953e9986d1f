import type { FastifyInstance } from 'fastify';
import type { Renderer } from '../src/renderTypes';
import { withApiDeadline } from './apiFetch';

export interface WishlistProductsOptions {
  renderer: { get(): Promise<Renderer | undefined> };
  apiTimeoutMs: number;
}

/** The path the wish list page reads its products from (src/features/wishlist/useWishlistProducts.ts). */
export const WISHLIST_PRODUCTS_PATH = '/wishlist/products';
/** As the wish list's entries (wishlistStore.ts WISHLIST_MAX, its id pattern). */
const MAX_IDS = 100;
const ID = /^[A-Za-z0-9_.:-]{1,100}$/;

/**
 * `GET /wishlist/products?ids=A,B`: the shown products among up to 100 ids, from the catalogue the server keeps
 * (entry-server.tsx). The wish list lives in the browser, so its page asks for just its entries instead of
 * carrying the whole catalogue (5 MB at 5,000 products). Unknown and internal ids are left out; the page says
 * that such an entry is no longer available.
 */
export async function wishlistProducts(
  app: FastifyInstance,
  options: WishlistProductsOptions,
): Promise<void> {
  app.get<{ Querystring: { ids?: string | string[] } }>(WISHLIST_PRODUCTS_PATH, async (request, reply) => {
    const asked = request.query.ids ?? '';
    // One comma-separated list (the page sends no other); `?ids=a&ids=b` is an array, not a list to split.
    if (typeof asked !== 'string')
      return reply.code(400).send({ error: 'One ids parameter, comma-separated.' });
    const ids = [...new Set(asked.split(',').filter((id) => ID.test(id)))];
    if (ids.length > MAX_IDS) return reply.code(400).send({ error: `At most ${MAX_IDS} ids.` });
    const renderer = await options.renderer.get();
    if (!renderer) return reply.code(503).header('retry-after', '5').send();
    const outcome = await withApiDeadline(options.apiTimeoutMs, () => renderer.wishlistProducts(ids));
    if (outcome.fault) return reply.code(503).header('retry-after', '5').send();
    if (outcome.error) throw outcome.error;
    // Which products a shopper remembers is theirs: no shared cache keeps the answer.
    return reply.header('cache-control', 'private, no-store').send(outcome.result);
  });
}
