import { existsSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type StorefrontConfig, readConfig } from '../src/config';
import { createErrorReporter } from '../src/errors/errorReporter';
import type { Renderer, RendererOptions } from '../src/renderTypes';
import { createApiProxy } from './apiProxy';
import { trustedProxiesFrom } from './clientAddress';
import { compressFor } from './compression';
import { CONSENT_ENDPOINT, consentCookiePair } from '../src/features/consent/consentCookie';
import { createConsentRoute } from './consentRoute';
import { type Manifest, readManifest, renderPage } from './htmlTemplate';
import { placeholderSvg } from './placeholderImage';
import { createSanitizingFetch } from './sanitizeBody';
import { createServiceWorkerFiles } from './serviceWorkerRoute';
import { renderRobots, renderSitemap } from './seoFiles';
import { createStaticHandler } from './staticFiles';

export interface StorefrontOptions {
  /** 0 picks a free port. @default 3000 */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /** The shop API the server calls. @default env API_URL, else http://127.0.0.1:4000 */
  apiUrl?: string;
  /** Built storefront (`dist` with `client/` and `server/`). @default this package's dist */
  distDir?: string;
  /** The widget's built files, served under /widget/. @default packages/widget/dist */
  widgetDir?: string;
  /** Environment to read the configuration from. @default process.env */
  env?: Record<string, string | undefined>;
  /** Configuration values that win over the environment (tests: release flag, ...). */
  config?: Partial<StorefrontConfig>;
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

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=300, must-revalidate';
const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0b3d91"/><text x="16" y="21" font-family="Arial" font-size="13" font-weight="700" text-anchor="middle" fill="#fff">KP</text></svg>';

/**
 * Starts the storefront: server-side rendering of every route with transfer state, built assets with long-lived
 * caching and compression, the widget's files under /widget/, an /api proxy, sitemap.xml and robots.txt.
 * The company is resolved by alias before the server listens (spec 7: at start-up).
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
  const manifest: Manifest = readManifest(clientDir);
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
  const renderer = await createRenderer({ config, fetch: createSanitizingFetch(), reporter });
  const assets = createStaticHandler(join(clientDir, 'assets'), '/assets/', IMMUTABLE);
  const widget = createStaticHandler(
    resolve(options.widgetDir ?? join(packageRoot, '..', 'widget', 'dist')),
    '/widget/',
    REVALIDATE,
  );
  // The storefront's own protocol: the configured public URL's (TLS may end in front of it), else plain http.
  const proxy = createApiProxy(config.apiUrl, {
    proto: config.siteUrl ? new URL(config.siteUrl).protocol.replace(':', '') : 'http',
    // Server-only (never part of the page's configuration): lets the API tell shoppers apart behind this proxy.
    secret: env.LP_PROXY_SECRET?.trim() || undefined,
    trustedProxies: trustedProxiesFrom(env.TRUST_PROXY),
  });
  // The consent banner's form without script: sets the consent cookie and goes back (src/features/consent).
  const consentRoute = createConsentRoute({
    secure: config.siteUrl.startsWith('https:'),
    siteOrigin: config.siteUrl ? new URL(config.siteUrl).origin : undefined,
  });
  // Filled once listening; the origin for canonical links, robots and sitemap when siteUrl is not configured. The
  // request's Host header is never trusted for them (a forged Host would poison cached pages and the sitemap).
  let listenUrl = 'http://127.0.0.1';
  // Without a configured siteUrl the listen URL is a guess: such a sitemap/robots must not sit in shared caches.
  const seoCache = config.siteUrl ? REVALIDATE : 'no-cache, private';
  const apiOrigin = config.publicApiUrl ? new URL(config.publicApiUrl).origin : '';
  // No inline script or style anywhere (the boot data is a JSON block, not script); images may come from the
  // API's upload host, so img-src stays open.
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    'img-src * data: blob:',
    "font-src 'self' data:",
    `connect-src 'self'${apiOrigin ? ` ${apiOrigin}` : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const origin = config.siteUrl || listenUrl;
    // A leading '//' would make the path a host of its own: collapse it.
    const url = new URL((req.url ?? '/').replace(/^\/{2,}/, '/'), origin);
    const { pathname } = url;
    if (pathname.startsWith('/api/')) return proxy(req, res);
    if (pathname === CONSENT_ENDPOINT) return consentRoute(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      return void res.end('Methode nicht erlaubt');
    }
    if (await assets(req, res, pathname)) return;
    if (await widget(req, res, pathname)) return;
    const image = /^\/images\/products\/([A-Za-z0-9-]{1,40})\.svg$/.exec(pathname);
    if (image?.[1]) return send(req, res, 200, 'image/svg+xml', placeholderSvg(image[1]), REVALIDATE);
    // spec 4: the service worker (site root, whole-shop scope) and its offline page; always revalidated.
    const swFile = serviceWorkerFiles(pathname);
    if (swFile) return send(req, res, 200, swFile.type, swFile.body, 'no-cache');
    if (pathname === '/favicon.svg' || pathname === '/favicon.ico') {
      return send(req, res, 200, 'image/svg+xml', FAVICON, REVALIDATE);
    }
    if (pathname === '/robots.txt') {
      return send(req, res, 200, 'text/plain; charset=utf-8', renderRobots(origin, config.release), seoCache);
    }
    if (pathname === '/sitemap.xml') {
      const body = renderSitemap(origin, config.release ? await renderer.sitemap() : []);
      return send(req, res, 200, 'application/xml; charset=utf-8', body, seoCache);
    }
    // The page depends on the consent cookie (banner or not); the render gets that cookie and no other.
    const cookie = consentCookiePair(req.headers.cookie);
    const result = await renderer.render(
      new Request(url, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } }),
      origin,
    );
    if (result.kind === 'redirect') {
      res.writeHead(result.status, { Location: result.location, 'Cache-Control': 'no-store' });
      return void res.end();
    }
    res.setHeader('Content-Security-Policy', csp);
    send(
      req,
      res,
      result.status,
      'text/html; charset=utf-8',
      renderPage(result, manifest),
      'no-cache',
      'Cookie',
    );
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const pathname = (req.url ?? '/').split('?')[0];
      reporter.report(error, `route:${pathname}`);
      if (res.headersSent) return void res.destroy();
      send(req, res, 500, 'text/html; charset=utf-8', ERROR_PAGE, 'no-store');
    });
  });
  server.keepAliveTimeout = 5000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 3000, host, () => done());
  });
  const { port } = server.address() as AddressInfo;
  listenUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: `http://${host}:${port}`,
    config,
    close: () =>
      new Promise<void>((done, fail) => {
        server.closeAllConnections();
        server.close((error) => (error ? fail(error) : done()));
      }),
  };
}

const ERROR_PAGE =
  '<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Fehler | Kennzeichen-Profi</title></head><body><main><h1>Es ist ein Fehler aufgetreten</h1><p>Bitte versuchen Sie es in einem Moment erneut.</p><p><a href="/">Zur Startseite</a></p></main></body></html>';

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  type: string,
  text: string,
  cache: string,
  vary?: string,
) {
  const encoded = compressFor(req, type, Buffer.from(text));
  const varies = [vary, encoded.encoding ? 'Accept-Encoding' : undefined].filter(Boolean).join(', ');
  res.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': cache,
    'Content-Length': encoded.body.length,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(encoded.encoding ? { 'Content-Encoding': encoded.encoding } : {}),
    ...(varies ? { Vary: varies } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : encoded.body);
}
