import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingHttpHeaders } from 'node:http';
import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Dispatcher, Pool } from 'undici';
import type { ApiErrorBody } from '@lp/sdk/contract';
import { onlyApiCookies } from './apiCookies';
import { clientAddressOf } from './clientAddress';
import type { ProxyTrust } from './trustProxy';

const DEFAULT_TIMEOUT_MS = 15_000;

/** Options of {@link apiProxy}. */
export interface ApiProxyOptions {
  /** The shop API's base URL (server side). */
  apiUrl: string;
  /** The storefront's own protocol ('http' or 'https'), sent as X-Forwarded-Proto. */
  proto?: string;
  /** How long the API may take to answer before the browser gets a 504. @default 15000 */
  timeoutMs?: number;
  /**
   * The secret shared with the API (env LP_PROXY_SECRET on both): sent in X-LP-Proxy-Secret, it tells the API that
   * this X-Forwarded-For is the storefront's word, so each shopper gets their own rate-limit bucket.
   */
  secret?: string;
  /** Load balancers in front of the storefront whose X-Forwarded-For names the shopper (see trustProxy.ts). */
  trustedProxies?: ProxyTrust;
}

/** The header carrying {@link ApiProxyOptions.secret} (the API's PROXY_SECRET_HEADER). */
const SECRET_HEADER = 'x-lp-proxy-secret';

/** Forwarding headers come from the storefront alone; a browser's own x-forwarded-*, forwarded or secret is a lie. */
const isForwardingHeader = (name: string) =>
  name === 'forwarded' || name.startsWith('x-forwarded-') || name === SECRET_HEADER;

/**
 * Hop-by-hop headers reply-from does not remove itself (it drops `connection`, the names it lists and
 * `transfer-encoding`); undici refuses some of them outright, which would turn an old client's request into a 500.
 */
const HOP_BY_HOP = new Set(['keep-alive', 'upgrade', 'proxy-connection', 'te', 'trailer']);

function withoutHopByHop<T extends Record<string, unknown>>(headers: T): T {
  const out = { ...headers };
  for (const name of HOP_BY_HOP) delete out[name];
  return out;
}

/**
 * The headers that name the shopper to the API: their address (X-Forwarded-For) and, when configured, the secret
 * that makes the API believe it. Sent with every forwarded request and with the API calls of a page rendered for
 * the shopper (pageRoutes.ts), so the API's per-client limits (mutations, searches) count each shopper apart.
 */
export function shopperHeaders(
  request: FastifyRequest,
  options: Pick<ApiProxyOptions, 'secret' | 'trustedProxies'>,
): Record<string, string> {
  return {
    'x-forwarded-for': clientAddressOf(request.raw, options.trustedProxies ?? []),
    ...(options.secret ? { [SECRET_HEADER]: options.secret } : {}),
  };
}

/**
 * The headers the API gets for a browser's request: the API's own cookies only, no browser-made forwarding
 * headers, no Origin or Referer (a server-to-server call: the browser's origin is the storefront's, which the API
 * need not list), and the storefront's own X-Forwarded-* with the shopper's address.
 */
export function apiRequestHeaders(
  request: FastifyRequest,
  headers: IncomingHttpHeaders,
  options: Pick<ApiProxyOptions, 'proto' | 'secret' | 'trustedProxies'>,
): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(withoutHopByHop(headers))) {
    if (value === undefined || isForwardingHeader(name)) continue;
    if (name === 'origin' || name === 'referer' || name === 'cookie') continue;
    out[name] = value;
  }
  const own = onlyApiCookies(request.headers.cookie);
  if (own) out.cookie = own;
  out['x-forwarded-host'] = request.headers.host ?? '';
  out['x-forwarded-proto'] = options.proto ?? 'http';
  return { ...out, ...shopperHeaders(request, options) };
}

/** The browser request being forwarded: its signal, set around `reply.from`, read as the API request starts. */
const forwarding = new AsyncLocalStorage<AbortSignal>();

/** Aborted when the browser goes away before its answer is complete (navigated away, fetch aborted, tab closed). */
function browserGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** The contract's error body (DESIGN 2) for the proxy's own failures: the API cannot answer for them. */
function fail(reply: FastifyReply, status: 502 | 504) {
  const body: ApiErrorBody =
    status === 504
      ? { status, code: 'upstream-timeout', message: 'The shop API did not answer in time.' }
      : { status, code: 'upstream-unreachable', message: 'The shop API is not reachable.' };
  void reply.code(status).header('content-type', 'application/json; charset=utf-8').send(body);
}

/**
 * Forwards `/api/*` to the shop API (@fastify/http-proxy), so the browser talks to its own origin (no CORS, the
 * anti-forgery cookie works as designed, DESIGN 2). Bodies stream through unparsed; the API's answers pass
 * unchanged (it sends its own security headers). A slow API is cut after `timeoutMs` with 504, an unreachable one
 * answers 502, both as JSON `{ status, code, message }`. A request the browser abandons is cancelled at the API at
 * once. Register it in its own scope.
 */
export async function apiProxy(app: FastifyInstance, options: ApiProxyOptions): Promise<void> {
  const target = new URL(options.apiUrl);
  // The proxy's own connections to the API (reply-from's defaults otherwise), so that closing the storefront closes
  // them (reply-from leaves its agent open) and each request can carry the browser's signal: reply-from has no
  // option to cancel the API request when the browser leaves, so it would run on until the API answers or the
  // timeout. reply-from takes any object with undici's `request` (its `undici` option).
  const pool = new Pool(target.origin, { connections: 128, pipelining: 1 });
  app.addHook('onClose', () => pool.destroy());
  const request = ((
    requestOptions: Dispatcher.RequestOptions,
    callback: (error: Error | null, data: Dispatcher.ResponseData) => void,
  ) => pool.request({ ...requestOptions, signal: forwarding.getStore() }, callback)) as Dispatcher['request'];
  await app.register(httpProxy, {
    upstream: target.origin,
    undici: { request },
    handler: (_request, reply, dest, replyOptions) =>
      forwarding.run(browserGone(reply), () => reply.from(dest, replyOptions)),
    prefix: '/api',
    rewritePrefix: `${target.pathname.replace(/\/+$/, '')}/api`,
    // Redirects of the API (payment pages) go to the browser as the API wrote them.
    internalRewriteLocationHeader: false,
    // The API's answers carry the API's own headers; the storefront's helmet stays out of them.
    config: { helmet: { skipRoute: true } },
    replyOptions: {
      timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      // No retries: reply-from would repeat a GET answered 503 up to ten times, waiting Retry-After each time.
      retryDelay: () => null,
      // The API's own keep-alive terms are not the storefront's (a client would reuse a socket we already closed).
      rewriteHeaders: (headers) => withoutHopByHop(headers),
      rewriteRequestHeaders: (request, headers) =>
        apiRequestHeaders(request as FastifyRequest, headers, options),
      onError: (reply, { error }) =>
        fail(reply as FastifyReply, (error as { statusCode?: number }).statusCode === 504 ? 504 : 502),
    },
  });
}
