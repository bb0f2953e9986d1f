import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cartCookiePair } from '../src/features/cart/cartCookie';
import { consentCookiePair } from '../src/features/consent/consentCookie';
import type { Renderer } from '../src/renderTypes';
import { type ApiFault, withApiDeadline } from './apiFetch';
import { type Manifest, renderPage } from './htmlTemplate';
import { renderRobots, renderSitemap } from './seoFiles';
import { FRAMEABLE_PAGES } from './securityHeaders';
import { REVALIDATE } from './staticFiles';
import { busyPage, maintenancePage, slowPage } from './statusPages';

/** Seconds a shopper (or crawler) is asked to wait while the API is away; the renderer retries as often. */
export const RETRY_AFTER_S = 5;

export interface PageRoutesOptions {
  renderer: { get(): Promise<Renderer | undefined> };
  manifest: Manifest;
  /** The origin for canonical links, robots and sitemap: siteUrl, else the listen URL, never the Host header. */
  origin: () => string;
  /** Whether `origin()` is configured (siteUrl): only then may shared caches keep robots and sitemap. */
  originConfigured: boolean;
  /** The route guard's word (src/routes/routeGuard.ts): robots and sitemap open up only for a released shop. */
  indexable: boolean;
  /** The whole wait for one page's API calls. */
  apiTimeoutMs: number;
  /** The shop's stylesheet(s), for the status pages. */
  stylesheets: readonly string[];
  /** The headers naming the shopper to the API (apiProxy.ts `shopperHeaders`), sent with the page's API calls. */
  shopper?: (request: FastifyRequest) => Readonly<Record<string, string>>;
  /** Pages rendered at once; a page beyond them is answered 503 at once (StorefrontOptions.maxPagesInFlight). */
  maxPagesInFlight: number;
  /**
   * The client a page is for (./clientAddress.ts `pageClientOf`), undefined for one that is not bounded (this
   * machine or a private network: a proxy without TRUST_PROXY, a health check, a bench), and how many of the pages in flight one client
   * may hold while half the slots or more are in flight (StorefrontOptions.maxPagesPerClient).
   */
  clientOf?: (request: FastifyRequest) => string | undefined;
  maxPagesPerClient?: number;
  /** Where a shed page is told to the operator, at most once a minute per reason. @default console.error */
  warn?: (message: string) => void;
}

/** The time between two warnings of one reason: a crowd sheds thousands of pages, the log needs to hear it once. */
const WARN_EVERY_MS = 60_000;

const STATUS_PAGES = { down: maintenancePage, slow: slowPage, busy: busyPage } as const;

/**
 * The answer while the API is down (503, maintenance), too slow (504) or the shop sheds a page under load (503,
 * busy): a German page, `Retry-After`, kept out of every cache so the shop is back for everybody at once.
 */
export function sendUnavailable(
  reply: FastifyReply,
  fault: ApiFault | 'busy',
  stylesheets: readonly string[],
) {
  return reply
    .code(fault === 'slow' ? 504 : 503)
    .header('retry-after', String(RETRY_AFTER_S))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(STATUS_PAGES[fault](stylesheets));
}

/**
 * robots.txt, sitemap.xml and every page of the route table, rendered on the server. Pages answer GET and HEAD;
 * other methods get 405. Any API failure while rendering (down, slow, 502-504) answers the status page instead of
 * what the route made of it; other render errors reach the server's error handler (500 page).
 */
export async function pageRoutes(app: FastifyInstance, options: PageRoutesOptions): Promise<void> {
  const { stylesheets } = options;
  // Without a configured siteUrl the listen URL is a guess: such a sitemap/robots must not sit in shared caches.
  const seoCache = options.originConfigured ? REVALIDATE : 'no-cache, private';

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('cache-control', seoCache)
      .type('text/plain; charset=utf-8')
      .send(renderRobots(options.origin(), options.indexable)),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    let entries: Awaited<ReturnType<Renderer['sitemap']>> = [];
    if (options.indexable) {
      const renderer = await options.renderer.get();
      if (!renderer) return sendUnavailable(reply, 'down', stylesheets);
      const outcome = await withApiDeadline(options.apiTimeoutMs, () => renderer.sitemap());
      if (outcome.fault) return sendUnavailable(reply, outcome.fault, stylesheets);
      if (outcome.error) throw outcome.error;
      entries = outcome.result ?? [];
    }
    return reply
      .header('cache-control', seoCache)
      .type('application/xml; charset=utf-8')
      .send(renderSitemap(options.origin(), entries));
  });

  // Pages piling up (a crowd, an API slowing under it): the pages above the bound get the busy page (503,
  // Retry-After) at once and ask nothing of the API. Without it every page waited out the API deadline: in one run
  // 600 connections got 503/504 pages after ~11 s while the shop served 17 pages/s instead of ~80 (decisions.md
  // "Storefront pages under a crowd", session 24).
  // Session 25, hostile: one client alone held all of them (100 connections asking for a page of a 100-line cart,
  // ~0.2 s each): every other shopper got the maintenance page. A client's pages above its own bound are shed
  // first, so the others keep the rest (decisions.md "One client cannot take every page slot").
  // Session 25, hostilefix: the client's bound holds only while the shop is busy (half its slots or more in flight).
  // Held always, shoppers behind one carrier-grade NAT address (German mobile networks) or a company's got the
  // maintenance page at their 11th page in flight with 90 slots free, and a proxy on a public address without
  // TRUST_PROXY capped the whole shop at 10 pages. Either way a shed page is logged, naming the client.
  // Session 26: a shed page tells the shopper the shop is busy, not "Wartungsarbeiten" (the shop and API are up).
  let inFlight = 0;
  const perClient = new Map<string, number>();
  const perClientMax = options.maxPagesPerClient ?? Number.POSITIVE_INFINITY;
  const busyFrom = Math.ceil(options.maxPagesInFlight / 2);
  const warn = options.warn ?? ((message: string) => console.error(message));
  const warnedAt = new Map<'full' | 'client', number>();
  const shed = (reply: FastifyReply, reason: 'full' | 'client', message: () => string) => {
    const now = Date.now();
    if (now - (warnedAt.get(reason) ?? Number.NEGATIVE_INFINITY) >= WARN_EVERY_MS) {
      warnedAt.set(reason, now);
      warn(message());
    }
    return sendUnavailable(reply, 'busy', stylesheets);
  };
  const renderRoute = async (request: FastifyRequest, reply: FastifyReply) => {
    const client = options.clientOf?.(request);
    const held = client === undefined ? 0 : (perClient.get(client) ?? 0);
    if (inFlight >= options.maxPagesInFlight)
      return shed(
        reply,
        'full',
        () =>
          `[warn] storefront: all ${options.maxPagesInFlight} page slots are in use; further pages get the 503 page (maxPagesInFlight)`,
      );
    if (held >= perClientMax && inFlight >= busyFrom)
      return shed(
        reply,
        'client',
        () =>
          `[warn] storefront: client ${client} holds ${held} of ${inFlight} pages in flight; its further pages get the 503 page while the shop is busy (maxPagesPerClient). If ${client} is a proxy or load balancer of yours, list it in TRUST_PROXY.`,
      );
    inFlight++;
    if (client !== undefined) perClient.set(client, held + 1);
    try {
      return await renderAdmitted(request, reply);
    } finally {
      inFlight--;
      if (client !== undefined) {
        const left = (perClient.get(client) ?? 1) - 1;
        if (left > 0) perClient.set(client, left);
        else perClient.delete(client);
      }
    }
  };
  const renderAdmitted = async (request: FastifyRequest, reply: FastifyReply) => {
    const renderer = await options.renderer.get();
    if (!renderer) return sendUnavailable(reply, 'down', stylesheets);
    const origin = options.origin();
    // The page depends on the consent cookie (banner or not) and, on the cart page, on the cart cookie (the
    // shopper's cart guid); the render gets these two and no other.
    const cookie = [consentCookiePair(request.headers.cookie), cartCookiePair(request.headers.cookie)]
      .filter(Boolean)
      .join('; ');
    const page = new Request(new URL(request.url, origin), {
      headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
    });
    const outcome = await withApiDeadline(
      options.apiTimeoutMs,
      () => renderer.render(page, origin),
      options.shopper?.(request),
    );
    if (outcome.fault) return sendUnavailable(reply, outcome.fault, stylesheets);
    const result = outcome.result;
    if (!result) throw outcome.error;
    if (result.kind === 'redirect') {
      return reply
        .code(result.status)
        .header('location', result.location)
        .header('cache-control', 'no-store')
        .send();
    }
    return reply
      .code(result.status)
      .header('cache-control', result.personal ? 'private, no-store' : 'no-cache')
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(renderPage(result, options.manifest));
  };
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: renderRoute });
  // Pages other sites may frame get routes of their own, so their headers differ (securityHeaders.ts).
  for (const url of FRAMEABLE_PAGES) app.route({ method: ['GET', 'HEAD'], url, handler: renderRoute });

  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/*',
    handler: async (_request, reply) =>
      reply
        .code(405)
        .header('allow', 'GET, HEAD')
        .type('text/plain; charset=utf-8')
        .send('Methode nicht erlaubt'),
  });
}
