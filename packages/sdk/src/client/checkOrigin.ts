import type { EmbedOrigin } from '../contract/dealerTypes';
import { EMBED_ORIGIN_PATH } from '../contract/paths';
import { LpError } from '../errors';
import { buildUrl } from './buildUrl';

/**
 * Issue 12: a browser hides why a cross-origin call failed, so a page whose origin the API refuses (CORS) sees a
 * plain network error. The API answers `GET /api/embed/origin` to every origin; asked after such a failure, its
 * `allowed: false` names the real cause: then this throws the `origin-not-allowed` error. When the check gets no
 * usable answer either (offline), it returns and the caller's network error stands.
 *
 * @example
 * await checkOrigin(fetch, 'https://api.shop.example', signal);
 * throw networkError;
 */
export async function checkOrigin(
  fetcher: typeof fetch,
  baseUrl: string,
  signal: AbortSignal,
): Promise<void> {
  let check: EmbedOrigin;
  try {
    // Cross-origin only, so fetch's default credentials ('same-origin') send no cookies.
    check = await (await fetcher(buildUrl(baseUrl, EMBED_ORIGIN_PATH), { signal })).json();
  } catch {
    return;
  }
  // Short (DESIGN 7: the cart-only bundle carries it); docs/reference/dealers.md has the whole fix.
  if (check?.allowed === false) {
    throw new LpError(
      'origin-not-allowed',
      `${baseUrl} does not allow ${check.origin}: the shop must run lp-api dealer add-origin (docs/reference/dealers.md).`,
    );
  }
}
