import type { FastifyInstance } from 'fastify';
import type { Renderer } from '../src/renderTypes';
import { withApiDeadline } from './apiFetch';

export interface PageDataOptions {
  renderer: { get(): Promise<Renderer | undefined> };
  apiTimeoutMs: number;
}

/** The prefix the browser's loaders read a catalogue page's data under (src/routes/loaders.ts `fromServer`). */
export const PAGE_DATA_PATH = '/page-data';

/**
 * `GET /page-data/kategorie/funschilder?seite=2`: the loader data of that page (its 48 products, the page count ...)
 * from the catalogue the server keeps, or `{ redirect }`. A client navigation in a shop of 5,000 products reads
 * this instead of every products page of the API (5 MB). 404 for an address that is not a catalogue page.
 */
export async function pageDataRoute(app: FastifyInstance, options: PageDataOptions): Promise<void> {
  app.get(`${PAGE_DATA_PATH}/*`, async (request, reply) => {
    const renderer = await options.renderer.get();
    if (!renderer) return reply.code(503).header('retry-after', '5').send();
    // The page's own path: `/page-data//host:99999/x` or `/page-data//[::1` would otherwise be read as another host
    // (and one the URL parser refuses: a 500 page); no catalogue page starts with two slashes.
    const path = `/${request.url.slice(PAGE_DATA_PATH.length).replace(/^[/\\]+/, '')}`;
    const page = new Request(new URL(path, 'http://shop.invalid'));
    const outcome = await withApiDeadline(options.apiTimeoutMs, () => renderer.pageData(page));
    if (outcome.fault) return reply.code(503).header('retry-after', '5').send();
    if (outcome.error) throw outcome.error;
    if (!outcome.result) return reply.code(404).send({ error: 'Not a catalogue page.' });
    // As the pages' HTML (pageRoutes.ts): the catalogue's, for everyone, revalidated.
    return reply.header('cache-control', 'no-cache').send(outcome.result);
  });
}
