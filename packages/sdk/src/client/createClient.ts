import type { AppStateStore } from '../appState';
import { headers as headerNames } from '../contract/paths';
import { HTTP_REASONS, LpError, type LpErrorCode } from '../errors';
import { type Query, buildUrl, isRelativeUrl } from './buildUrl';
import { checkOrigin } from './checkOrigin';
import { invalidParameter } from '../services/requireParam';
import { needsCartGuid, xsrfToken } from './requestHeaders';
import { type TransferState, transferStateKey } from './transferState';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Options of {@link createClient}. */
export interface ClientOptions {
  /**
   * Origin (and optional prefix) of the API, e.g. `http://127.0.0.1:4000` (a `URL` is read as its text).
   * @default '' (same origin)
   */
  baseUrl?: string;
  /** The fetch to use (tests inject failures through it). @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Where the cart guid for the CartGuid header is read. Without it the header is sent empty. */
  appState?: AppStateStore;
  /** Server-rendered GET answers; see {@link transferStateKey} for the key. */
  transferState?: TransferState;
  /**
   * Time limit of a whole call in ms, retries included; 0 and NaN mean the default, at most 2,147,483,647; another
   * type than a number is refused (`invalidParameter`). @default 15000
   */
  timeoutMs?: number;
  /**
   * Retries of GET/HEAD calls and of calls with an `Idempotency-Key` header after a network error (never after an
   * HTTP error). @default 2
   */
  retries?: number;
  /** First retry delay; doubles per retry (200, 400, ...). @default 200 */
  retryDelayMs?: number;
  /** Source of `cookie` for the anti-forgery header. @default globalThis.document */
  document?: { cookie?: unknown };
}

/** Per-call options of {@link LpClient.request}. */
export interface RequestOptions {
  query?: Query;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart (fetch sets the boundary). */
  formData?: FormData;
  /** Ends the call with the LpError `aborted`; a value that is no AbortSignal is refused (`invalidParameter`). */
  signal?: AbortSignal;
  /**
   * @default the client's timeoutMs (also for 0 and NaN); another type than a number is refused (`invalidParameter`)
   */
  timeoutMs?: number;
  /**
   * Extra request headers (a dealer key's `Authorization`); the contract's own headers win. A call carrying an
   * `Idempotency-Key` is retry-safe: it is retried after a network error like a GET, with the same key, so an
   * endpoint that honours the key (the cart add) answers a lost answer's repeat without acting twice.
   */
  headers?: Record<string, string>;
}

/** The HTTP client every service uses. */
export interface LpClient {
  readonly baseUrl: string;
  /**
   * Sends one call and answers its JSON body (undefined for an empty body).
   *
   * @example
   * const cart = await client.request<Cart>('GET', paths.cart.get);
   */
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
}

const parseLoose = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * Creates the HTTP client of spec 7 / DESIGN 2: CartGuid header on cart and save-order URLs, anti-forgery header
 * on relative (same-origin) mutations, no credentials cross-origin, transfer state, timeout, abort, GET retries
 * with exponential backoff on network errors, and the errors of spec 8.
 *
 * @example
 * const client = createClient({ baseUrl: 'http://127.0.0.1:4000', appState: createAppState() });
 * const company = await client.request<Company>('GET', paths.business.company, { query: { alias: 'lp-de' } });
 */
export function createClient(options: ClientOptions = {}): LpClient {
  const { retries = 2, retryDelayMs = 200 } = options;
  // As text: a `new URL(...)` from plain JavaScript would otherwise fail every call inside buildUrl.
  const baseUrl = `${options.baseUrl ?? ''}`;

  async function request<T>(method: HttpMethod, path: string, call?: RequestOptions): Promise<T> {
    // `??=`, not a default: a plain-JavaScript caller's null (`sdk.cart.getCart(null)`) means no options too.
    call ??= {};
    // 0 and NaN mean the default: an axios habit (0 = no limit) must not fail every call at once. Another type
    // (an object) was read by setTimeout as 0, an immediate 'timeout' LpError (session 24): now refused.
    const timeoutMs = call.timeoutMs || options.timeoutMs || 15000;
    if (typeof timeoutMs !== 'number') throw invalidParameter('timeoutMs');
    const url = buildUrl(baseUrl, path, call.query);
    const safe = method === 'GET' || method === 'HEAD';
    // spec 7: a GET found in the transferred state answers with its stored body, without fetching. Each entry
    // answers once, so later reloads (the cart after an add) reach the server.
    const { transferState } = options;
    const key = transferStateKey(method, url);
    if (method === 'GET' && transferState && Object.hasOwn(transferState, key)) {
      const stored = transferState[key];
      delete transferState[key];
      return stored as T;
    }

    const relative = isRelativeUrl(url);
    const headers: Record<string, string> = { ...call.headers };
    // escape(): a guid from a link or a damaged storage may hold characters no header can carry ('€', a line
    // break, a lone surrogate); fetch would then fail every cart call as a network error, for good. Escaped, the API
    // answers 400 'cart-guid-invalid' and a load falls back to the empty cart. A real guid is left as it is.
    if (needsCartGuid(url)) headers[headerNames.cartGuid] = escape(options.appState?.get().CartGuid ?? '');
    const token = !safe && relative && xsrfToken(options.document ?? globalThis.document);
    if (token) headers[headerNames.xsrf] = token;
    let body: BodyInit | undefined = call.formData;
    if (!body && call.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      try {
        body = JSON.stringify(call.body);
      } catch {
        // A BigInt, a cycle, a DOM or React event (`onClick={cart.add}`): JSON.stringify's TypeError told nobody
        // which argument was wrong.
        throw invalidParameter('body');
      }
    }

    const controller = new AbortController();
    const { signal } = controller;
    let failure = 'aborted' as LpErrorCode;
    // The caller's abort ends this call. The listener's own `signal` option takes it off the caller's signal when the
    // call ends (`controller.abort()` in the finally below). A `signal` that is no AbortSignal (a number, the
    // AbortController itself) threw a TypeError here before (session 23); now it is a coded LpError.
    try {
      call.signal?.addEventListener('abort', () => controller.abort(), { signal });
    } catch {
      throw invalidParameter('signal');
    }
    if (call.signal?.aborted) controller.abort();
    const timer = setTimeout(() => {
      failure = 'timeout';
      controller.abort();
    }, timeoutMs);
    try {
      for (let attempt = 0; ; attempt++) {
        let response: Response;
        let text: string;
        try {
          if (signal.aborted) throw signal.reason;
          response = await (options.fetch ?? fetch)(url, {
            method,
            headers,
            body,
            signal,
            // DESIGN 2: cross-origin callers authenticate by cart guid alone and send no cookies.
            credentials: relative ? 'same-origin' : 'omit',
          });
          text = await response.text();
        } catch (cause) {
          // Retry-safe is the request's property: a GET or HEAD, or a call with an idempotency key (written out here
          // and in the cart service: the contract's IDEMPOTENCY_KEY_HEADER as an import costs the bundles ~15 B).
          // Written so that a retries of NaN (Number of a missing setting) means none, not endless.
          const last = !(safe || headers['Idempotency-Key']) || !(attempt < retries);
          // A refused origin fails like the network (issue 12); the API's origin check tells them apart.
          if (last && !relative && !signal.aborted)
            await checkOrigin(options.fetch ?? fetch, baseUrl, signal);
          if (signal.aborted) {
            throw new LpError(
              failure,
              `The request ${failure === 'timeout' ? 'timed out' : 'was aborted'}.`,
              { cause },
            );
          }
          if (last) throw new LpError('network', 'The network failed.', { cause });
          // Backoff; an abort ends the wait at once and the next round reports it.
          await new Promise((resolve) => {
            setTimeout(resolve, retryDelayMs * 2 ** attempt);
            signal.addEventListener('abort', resolve);
          });
          continue;
        }
        const { status } = response;
        // spec 8: any status other than 200, 201 or 204 is 'An unexpected server error occurred.'
        if (![200, 201, 204].includes(status)) {
          throw new LpError('http', 'An unexpected server error occurred.', {
            status,
            body: parseLoose(text),
            headers: Object.fromEntries(response.headers),
            reason: HTTP_REASONS[status],
          });
        }
        try {
          return text ? JSON.parse(text) : (undefined as T);
        } catch (cause) {
          throw new LpError('invalidResponse', 'The response is not JSON.', { status, body: text, cause });
        }
      }
    } finally {
      clearTimeout(timer);
      // The answer is read: aborting now only removes the listener on the caller's signal.
      controller.abort();
    }
  }

  return { baseUrl, request };
}
