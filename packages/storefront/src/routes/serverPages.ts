import { redirect } from 'react-router-dom';
import type { ShopData } from '../data/shopData';
import type { PageDataAnswer } from '../server/pageData';

/** Where the browser reads a catalogue page's data (server/pageData.ts PAGE_DATA_PATH). */
const PAGE_DATA_PATH = '/page-data';
/** Pages' answers the browser keeps (going back asks no more): the last few, for as long as the shop data's reads. */
const KEPT_PAGES = 8;
const KEEP_MS = 5 * 60_000;

/**
 * A catalogue page's data in the browser, from the shop's server (server/pageData.ts): the page's products as the
 * server renders that address, from the catalogue it keeps (one answer, ~55 KB unpacked for 48 cards), instead of
 * every products page of the API (about 1 MB per 1,000 products) read here. `undefined` on the server and before
 * hydration: the loader reads the catalogue itself. The route loaders (loaders.ts) and the cart page's
 * (features/cart/cartLoader.ts) ask through it.
 */
export function serverPages(data: Pick<ShopData, 'fromServer'>) {
  const kept = new Map<string, { at: number; answer: Promise<PageDataAnswer> }>();
  return async <T>(request: Request | undefined): Promise<T | undefined> => {
    if (import.meta.env.SSR || !data.fromServer || !request) return undefined;
    const url = new URL(request.url);
    const path = `${url.pathname}${url.search}`;
    let hit = kept.get(path);
    if (!hit || Date.now() - hit.at >= KEEP_MS) {
      const answer = fetch(`${PAGE_DATA_PATH}${path}`, { headers: { accept: 'application/json' } }).then(
        (response) => {
          if (!response.ok) throw new Error(`${PAGE_DATA_PATH}${path} answered ${response.status}`);
          return response.json() as Promise<PageDataAnswer>;
        },
      );
      hit = { at: Date.now(), answer };
      answer.catch(() => kept.delete(path));
    }
    // The most recent last: the oldest goes first.
    kept.delete(path);
    kept.set(path, hit);
    for (const oldest of kept.keys()) if (kept.size > KEPT_PAGES) kept.delete(oldest);
    const answer = await hit.answer;
    if ('redirect' in answer) throw redirect(answer.redirect);
    return answer.data as T;
  };
}
