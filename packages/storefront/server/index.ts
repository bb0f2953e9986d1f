import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { type StorefrontConfig, readConfig } from '../src/config';
import { createErrorReporter } from '../src/errors/errorReporter';
import { shopIsIndexable } from '../src/routes/routeGuard';
import type { Renderer, RendererOptions } from '../src/renderTypes';
import { createApiFetch, outsidePages, withApiDeadline } from './apiFetch';
import { apiProxy, shopperHeaders } from './apiProxy';
import { pageClientOf } from './clientAddress';
import { consentRoute } from './consentRoute';
import { CLIENT_ENTRY, chunkFiles, readManifest } from './htmlTemplate';
import { createLazyRenderer } from './lazyRenderer';
import { RETRY_AFTER_S, pageRoutes, sendUnavailable } from './pageRoutes';
import { productPictures } from './productPictures';
import { wishlistProducts } from './wishlistProducts';
import { pageDataRoute } from './pageData';
import { securityHeaders } from './securityHeaders';
import { createServiceWorkerFiles } from './serviceWorkerRoute';
import { REVALIDATE, staticFiles } from './staticFiles';
import { trustedProxiesFrom } from './trustProxy';
import { widgetRoutes } from './widgetRoutes';
import { errorPage } from './statusPages';
import { OFFLINE_URL, SERVICE_WORKER_URL } from '../src/features/serviceWorker/serviceWorkerFiles';

export interface StorefrontOptions {
  /** 0 picks a free port. @default 3000 */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /** The shop API the server calls. @default env API_URL, else http://127.0.0.1:4000 */
  apiUrl?: string;
  /** Built storefront (`dist` with `client/` and `server/`). @default this package's dist */
  distDir?: string;
  /** The widget's built files, served under /widget/<version>/ and /widget/. @default packages/widget/dist */
  widgetDir?: string;
  /**
   * Earlier releases' widget builds, one folder per version, served under /widget/<version>/ too (pinned dealer tags
   * keep working after a release; ./widgetRoutes). @default env LP_WIDGET_RELEASES, else none
   */
  widgetReleasesDir?: string;
  /** The @lp/sdk package; its browser build (`dist/browser`) is served under /sdk/<version>/. @default packages/sdk */
  sdkDir?: string;
  /**
   * Earlier releases' SDK browser builds, one folder per version, served under /sdk/<version>/ too (pages importing
   * an earlier version keep working after a release; ./staticFiles). @default env LP_SDK_RELEASES, else none
   */
  sdkReleasesDir?: string;
  /** Environment to read the configuration from. @default process.env */
  env?: Record<string, string | undefined>;
  /** Configuration values that win over the environment (tests: release flag, ...). */
  config?: Partial<StorefrontConfig>;
  /** The whole wait for one page's API calls during server rendering; then 504 (slow) or 503 (down). @default 5000 */
  apiTimeoutMs?: number;
  /** How long the /api proxy waits for the API before answering 504. @default 15000 */
  proxyTimeoutMs?: number;
  /**
   * Pages rendered at once (each waits for its API calls, then renders); a page request beyond them gets the German
   * 503 busy page ("Gerade ist sehr viel los") with `Retry-After` at once instead of queueing behind them. @default 100 (~1.2 s of
   * rendering on one core at ~12 ms a page, well inside the 5 s API wait; decisions.md "Storefront pages under a crowd")
   */
  maxPagesInFlight?: number;
  /**
   * Of those, the pages one client (address, IPv6 by /64; TRUST_PROXY names it behind a proxy) may have in flight
   * while half the slots or more are in flight; its pages beyond get the 503 page, not the other shoppers'. Peers on
   * this machine or a private network are not bounded (decisions.md "One client cannot take every page slot", session
   * 25; "Page slots per client only while the shop is busy", session 25, hostilefix). @default 10
   */
  maxPagesPerClient?: number;
}

export interface RunningStorefront {
  url: string;
  config: StorefrontConfig;
  close(): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));
// Source (server/) or built (dist/server/ or dist/server/chunks/): both find the package's dist folder.
function findDist(from: string): string {
  for (let dir = from, i = 0; i < 4; i++, dir = dirname(dir)) if (basename(dir) === 'dist') return dir;
  return join(from, '..', 'dist');
}
const defaultDist = findDist(here);
const packageRoot = resolve(defaultDist, '..');

const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0b3d91"/><text x="16" y="21" font-family="Arial" font-size="13" font-weight="700" text-anchor="middle" fill="#fff">KP</text></svg>';

/**
 * One spelling per path before routing: dot segments resolved (so `/assets/%2e%2e/x` is not a file path) and a
 * leading `//` collapsed (it would make the path a host of its own). A path is parsed as the path of a fixed
 * origin, never resolved against it: `/\host` would be another host, and `/.//host` gains its `//` only once the
 * dot segment is gone, so the collapse comes last.
 */
function normaliseUrl(req: IncomingMessage): string {
  const raw = req.url ?? '/';
  try {
    const url = raw.startsWith('/')
      ? new URL(`http://storefront.invalid${raw}`)
      : new URL(raw, 'http://storefront.invalid');
    return `${url.pathname.replace(/^\/{2,}/, '/')}${url.search}`;
  } catch {
    return '/';
  }
}

/**
 * Starts the storefront on Fastify: server-side rendering of every route with transfer state, built assets with
 * long-lived caching and compression, the widget's files under /widget/, the SDK's browser build under
 * /sdk/<version>/, an /api proxy, the consent form, sitemap.xml and robots.txt. The company is resolved by alias at start-up (spec 7); while the API cannot be
 * reached the shop still starts, answers pages with a German 503 maintenance page and retries on later requests.
 *
 * @example
 * const shop = await startStorefront({ port: 0, apiUrl: api.url });
 * await fetch(`${shop.url}/impressum`);
 * await shop.close();
 */
export async function startStorefront(options: StorefrontOptions = {}): Promise<RunningStorefront> {
  const env = options.env ?? process.env;
  const config = readConfig(env, {
    ...(options.apiUrl ? { apiUrl: options.apiUrl.replace(/\/+$/, '') } : {}),
    ...options.config,
  });
  // Before anything else starts: a TRUST_PROXY that cannot be read stops the start (./trustProxy.ts).
  const trustedProxies = trustedProxiesFrom(env.TRUST_PROXY);
  const apiTimeoutMs = positive(options.apiTimeoutMs, 5000);
  const distDir = resolve(options.distDir ?? defaultDist);
  const clientDir = join(distDir, 'client');
  const entryServer = join(distDir, 'server', 'entry-server.js');
  if (!existsSync(entryServer) || !existsSync(clientDir)) {
    throw new Error(
      `The storefront is not built (${entryServer} is missing): run \`pnpm --filter @lp/storefront build\`.`,
    );
  }
  const { createRenderer } = (await import(pathToFileURL(entryServer).href)) as {
    createRenderer(options: RendererOptions): Promise<Renderer>;
  };
  const manifest = readManifest(clientDir);
  const stylesheets = chunkFiles(manifest, CLIENT_ENTRY).css;
  const serviceWorkerFiles = createServiceWorkerFiles(manifest, config.appVersion);
  // spec 8: render and loader errors go through the reporter (severity 'error', the route as component).
  // The server log keeps the stack (the default console sink prints the message only).
  const reporter = createErrorReporter([
    (r) =>
      console.error(
        `[${r.severity}] ${r.component}: ${r.message}`,
        r.error instanceof Error ? r.error.stack : '',
      ),
  ]);
  const apiFetch = createApiFetch(apiTimeoutMs);
  const renderer = createLazyRenderer(
    async () => {
      const made = await withApiDeadline(apiTimeoutMs, () =>
        createRenderer({ config, fetch: apiFetch, catalogueFetch: outsidePages(apiFetch), reporter }),
      );
      if (!made.result) throw made.error;
      return made.result;
    },
    {
      maxBackoffMs: RETRY_AFTER_S * 1000,
      onFailure: (error) =>
        console.error(
          `[warn] storefront: the shop API (${config.apiUrl}) cannot be reached; answering 503 until it can:`,
          error instanceof Error ? error.message : error,
        ),
    },
  );
  // A first attempt before listening, so a healthy start serves its first page at full speed.
  await renderer.get();

  // Filled once listening; the origin for canonical links, robots and sitemap when siteUrl is not configured. The
  // request's Host header is never trusted for them (a forged Host would poison cached pages and the sitemap).
  let listenUrl = 'http://127.0.0.1';
  const app = Fastify({
    logger: false,
    rewriteUrl: normaliseUrl,
    keepAliveTimeout: 5000,
    forceCloseConnections: true,
    // Slow or silent clients are cut; Fastify turns Node's request deadline off and sets no idle timeout, so a body
    // sent a byte at a time, or an answer never read, held a connection for good. The API has the same limits
    // (packages/api/src/http/serverTimeouts.ts; decisions.md "Soak").
    // No traffic either way for 30 s (above the proxy's 15 s and the render's 5 s waits for the API).
    connectionTimeout: 30_000,
    // Headers and body within 120 s (uploads pass through the /api proxy: 10 MB at 0.7 Mbit/s).
    requestTimeout: 120_000,
    // The headers within 20 s; Node checks both deadlines every 5 s (its 30 s default adds up to 30 s to each).
    http: { headersTimeout: 20_000, connectionsCheckingInterval: 5_000 },
    // A path Fastify cannot even route (malformed percent-escapes): a German answer, not the framework's JSON.
    frameworkErrors: (error, _request, reply) =>
      void (reply as FastifyReply)
        .code(error.statusCode ?? 400)
        .type('text/plain; charset=utf-8')
        .send('Ungültige Anfrage'),
  });
  await securityHeaders(app, {
    apiOrigin: config.publicApiUrl ? new URL(config.publicApiUrl).origin : '',
    https: config.siteUrl.startsWith('https:'),
  });
  // Load shedding (DESIGN 6): a lagging event loop answers 503 at once instead of queueing more renders.
  await app.register(underPressure, {
    maxEventLoopDelay: 1000,
    retryAfter: RETRY_AFTER_S,
    pressureHandler: (request, reply) => {
      if (!request.url.startsWith('/api/')) return void sendUnavailable(reply, 'busy', stylesheets);
      void reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_S))
        .send({ status: 503, code: 'overloaded', message: 'The storefront is overloaded; retry later.' });
    },
  });
  // Brotli 5: as fast as gzip, smaller. Built files with a precompressed `.br`/`.gz` beside them skip this.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).type('text/plain; charset=utf-8').send('Nicht gefunden'),
  );
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    // Client errors (a malformed path, a refused file path): plain text, nothing to report.
    if (status < 500) {
      return reply
        .code(status === 403 ? 404 : status)
        .type('text/plain; charset=utf-8')
        .send(status === 403 || status === 404 ? 'Nicht gefunden' : 'Ungültige Anfrage');
    }
    reporter.report(error, `route:${request.url.split('?')[0]}`);
    return reply
      .code(500)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(errorPage(stylesheets));
  });

  await app.register(staticFiles, {
    assetsDir: join(clientDir, 'assets'),
    sdkDir: resolve(options.sdkDir ?? join(packageRoot, '..', 'sdk')),
    sdkReleasesDir: options.sdkReleasesDir ?? (env.LP_SDK_RELEASES?.trim() || undefined),
  });
  await app.register(widgetRoutes, {
    widgetDir: resolve(options.widgetDir ?? join(packageRoot, '..', 'widget', 'dist')),
    releasesDir: options.widgetReleasesDir ?? (env.LP_WIDGET_RELEASES?.trim() || undefined),
  });
  // Server-only (never part of the page's configuration): lets the API tell shoppers apart behind this proxy.
  const forwarding = {
    secret: env.LP_PROXY_SECRET?.trim() || undefined,
    trustedProxies,
  };
  await app.register(apiProxy, {
    apiUrl: config.apiUrl,
    // The storefront's own protocol: the configured public URL's (TLS may end in front of it), else plain http.
    proto: config.siteUrl ? new URL(config.siteUrl).protocol.replace(':', '') : 'http',
    timeoutMs: positive(options.proxyTimeoutMs, 15_000),
    ...forwarding,
  });
  // The consent banner's form without script: sets the consent cookie and goes back (src/features/consent).
  await app.register(consentRoute, {
    secure: config.siteUrl.startsWith('https:'),
    siteOrigin: config.siteUrl ? new URL(config.siteUrl).origin : undefined,
  });

  await app.register(productPictures, { renderer, apiTimeoutMs });
  await app.register(wishlistProducts, { renderer, apiTimeoutMs });
  await app.register(pageDataRoute, { renderer, apiTimeoutMs });
  // spec 4: the service worker (site root, whole-shop scope) and its offline page; always revalidated.
  for (const path of [SERVICE_WORKER_URL, OFFLINE_URL]) {
    const file = serviceWorkerFiles(path);
    if (!file) continue;
    app.get(path, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').type(file.type).send(file.body),
    );
  }
  // For load balancers and orchestrators (docs/learn/run-in-production.md): /health says the process answers;
  // /health/ready that it serves shop pages, i.e. it has reached the API (else the pages are the maintenance page).
  app.get('/health', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/health/ready', async (_request, reply) => {
    const ready = Boolean(await renderer.get());
    if (!ready) void reply.code(503).header('retry-after', String(RETRY_AFTER_S));
    return reply.header('cache-control', 'no-store').send({ status: ready ? 'ok' : 'unavailable' });
  });
  for (const path of ['/favicon.svg', '/favicon.ico']) {
    app.get(path, async (_request, reply) =>
      reply.header('cache-control', REVALIDATE).type('image/svg+xml').send(FAVICON),
    );
  }
  await app.register(pageRoutes, {
    renderer,
    manifest,
    origin: () => config.siteUrl || listenUrl,
    originConfigured: Boolean(config.siteUrl),
    indexable: shopIsIndexable(config),
    apiTimeoutMs,
    stylesheets,
    // The pages' API calls name their shopper as the /api proxy's do (/suche's first view searches on the server).
    shopper: (request: FastifyRequest) => shopperHeaders(request, forwarding),
    maxPagesInFlight: positive(options.maxPagesInFlight, 100),
    clientOf: (request: FastifyRequest) => pageClientOf(request.raw, forwarding.trustedProxies),
    maxPagesPerClient: positive(options.maxPagesPerClient, 10),
  });

  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 3000, host });
  const { port } = app.server.address() as AddressInfo;
  listenUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return { url: `http://${host}:${port}`, config, close: () => app.close() };
}

const positive = (value: number | undefined, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
