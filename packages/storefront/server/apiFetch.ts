import { AsyncLocalStorage } from 'node:async_hooks';

/** How a page's API calls went wrong, if they did: 'down' (unreachable, 502/503/504) or 'slow' (deadline passed). */
export type ApiFault = 'down' | 'slow';

interface PageCalls {
  /** Aborts every API call of this page once the page's wait is used up. */
  deadline: AbortSignal;
  fault?: ApiFault;
  /** Headers naming the shopper the page is rendered for (apiProxy.ts `shopperHeaders`), sent with each call. */
  shopper?: Readonly<Record<string, string>>;
}

const pageCalls = new AsyncLocalStorage<PageCalls>();

/** Statuses that say the API (or what stands in front of it) is not serving right now. */
const UNAVAILABLE = new Set([502, 503, 504]);

/**
 * The fetch of the server-side SDK: every call is cut after a bounded wait, and a call that fails because the API
 * is down or slow is noted for the page being rendered ({@link withApiDeadline}), so the server can answer with
 * the maintenance page instead of whatever the route made of the failure. Outside a page (start-up, sitemap) each
 * call gets `timeoutMs` of its own.
 */
export function createApiFetch(timeoutMs: number, inner: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input, init) => {
    const page = pageCalls.getStore();
    const deadline = page?.deadline ?? AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    const headers = page?.shopper ? withShopper(init?.headers, page.shopper) : init?.headers;
    try {
      const response = await inner(input, { ...init, signal, ...(headers ? { headers } : {}) });
      if (page && UNAVAILABLE.has(response.status)) page.fault ??= 'down';
      return response;
    } catch (error) {
      // The SDK's own abort (its timeout, a cancelled call) is not the API's fault.
      if (page && !init?.signal?.aborted) page.fault ??= deadline.aborted ? 'slow' : 'down';
      throw error;
    }
  };
}

/** The call's own headers and the shopper's (the shopper's win: a page never names another client). */
function withShopper(own: HeadersInit | undefined, shopper: Readonly<Record<string, string>>): Headers {
  const headers = new Headers(own);
  for (const [name, value] of Object.entries(shopper)) headers.set(name, value);
  return headers;
}

/**
 * A fetch whose calls belong to no page even when a page's render makes them: each gets the wait of its own. For
 * reads kept for every request (the catalogue, src/entry-server.tsx), which one page's deadline must not cut short
 * and whose failure is not that page's fault.
 */
export const outsidePages =
  (inner: typeof fetch): typeof fetch =>
  (input, init) =>
    pageCalls.exit(() => inner(input, init));

/**
 * Runs one page render with a shared deadline for all its API calls (`timeoutMs` in all, not per call: a page of
 * five slow calls must not wait five times) and tells how the API behaved. `shopper`: headers naming the shopper
 * the page is for (session 20: the API limits searches per client, and /suche's first view searches on the server,
 * so without them every shopper's search would count as the storefront's own).
 */
export async function withApiDeadline<T>(
  timeoutMs: number,
  render: () => Promise<T>,
  shopper?: Readonly<Record<string, string>>,
): Promise<{ fault?: ApiFault; result?: T; error?: unknown }> {
  const page: PageCalls = { deadline: AbortSignal.timeout(timeoutMs), ...(shopper ? { shopper } : {}) };
  return pageCalls.run(page, async () => {
    try {
      const result = await render();
      return { fault: page.fault, result };
    } catch (error) {
      return { fault: page.fault, error };
    }
  });
}
