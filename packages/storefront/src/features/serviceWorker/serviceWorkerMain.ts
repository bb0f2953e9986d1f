/** What the generated /sw.js is configured with. */
export interface ServiceWorkerConfig {
  /** Cache name, versioned by app version and build (old names are deleted on activate). */
  cacheName: string;
  /** Same-origin URLs precached on install: the app shell (entry JS/CSS) and the offline page. */
  precache: string[];
  /** The offline page served for navigations when the network fails. */
  offlineUrl: string;
}

/** The parts of the service worker global scope the worker uses (typed here; the DOM lib has no SW types). */
export interface WorkerScope {
  location: { origin: string };
  caches: CacheStorage;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  fetch(request: Request): Promise<Response>;
  addEventListener(type: string, listener: (event: never) => void): void;
}

interface ExtendableEvent {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}

/**
 * The service worker's body (spec 4: registered immediately). It is serialised with `Function.toString()` into
 * /sw.js by the server, so it must stay self-contained: no imports, no outer helpers.
 *
 * - install: precache the app shell and the offline page under a versioned cache name;
 * - activate: delete every other cache of this shop (old versions), take control;
 * - fetch: never touch /api/ or other origins; navigations go to the network and fall back to the offline page;
 *   precached assets come from the cache first.
 */
export function serviceWorkerMain(scope: WorkerScope, config: ServiceWorkerConfig): void {
  const PREFIX = 'lp-shell-';
  scope.addEventListener('install', (event: ExtendableEvent) => {
    event.waitUntil(
      scope.caches
        .open(config.cacheName)
        .then((cache) => cache.addAll(config.precache))
        .then(() => scope.skipWaiting()),
    );
  });
  scope.addEventListener('activate', (event: ExtendableEvent) => {
    event.waitUntil(
      scope.caches
        .keys()
        .then((names) =>
          Promise.all(
            names
              .filter((name) => name.startsWith(PREFIX) && name !== config.cacheName)
              .map((name) => scope.caches.delete(name)),
          ),
        )
        .then(() => scope.clients.claim()),
    );
  });
  scope.addEventListener('fetch', (event: FetchEvent) => {
    const request = event.request;
    if (request.method !== 'GET') return;
    const url = new URL(request.url);
    // Never cache the API (carts, orders, prices must always be fresh) nor other origins.
    if (url.origin !== scope.location.origin || url.pathname.startsWith('/api/')) return;
    if (request.mode === 'navigate') {
      event.respondWith(
        scope.fetch(request).catch(() =>
          scope.caches
            .open(config.cacheName)
            .then((cache) => cache.match(config.offlineUrl))
            .then(
              (page) =>
                page ??
                new Response('Sie sind offline.', {
                  status: 503,
                  headers: { 'Content-Type': 'text/plain; charset=utf-8' },
                }),
            ),
        ),
      );
      return;
    }
    if (config.precache.includes(url.pathname)) {
      event.respondWith(
        scope.caches
          .open(config.cacheName)
          .then((cache) => cache.match(request))
          .then((hit) => hit ?? scope.fetch(request)),
      );
    }
  });
}
