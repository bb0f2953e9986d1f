// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { NOT_SUBSCRIBED, UNSUBSCRIBE_FAILED, pushSubscription, unsubscribePush } from '../pushNotifications';
import { SW_UNAVAILABLE, registerServiceWorker } from '../registerServiceWorker';
import {
  OFFLINE_URL,
  renderOfflinePage,
  renderServiceWorker,
  serviceWorkerConfig,
} from '../serviceWorkerFiles';

const ORIGIN = 'https://shop.test';

/** A worker scope with in-memory caches and a switchable network, running the served /sw.js text. */
function bootWorker(
  files: { js: string[]; css: string[] },
  caches = new Map<string, Map<string, Response>>(),
) {
  const listeners = new Map<string, (event: unknown) => void>();
  let online = true;
  const network = vi.fn(async (request: Request) => {
    if (!online) throw new TypeError('Failed to fetch');
    return new Response(`network ${new URL(request.url).pathname}`);
  });
  const open = async (name: string) => {
    const entries = caches.get(name) ?? new Map<string, Response>();
    caches.set(name, entries);
    const key = (r: Request | string) => new URL(typeof r === 'string' ? r : r.url, ORIGIN).pathname;
    return {
      addAll: async (urls: string[]) => {
        for (const url of urls) entries.set(key(url), await network(new Request(new URL(url, ORIGIN))));
      },
      match: async (r: Request | string) => entries.get(key(r))?.clone(),
    };
  };
  const scope = {
    location: { origin: ORIGIN },
    caches: { open, keys: async () => [...caches.keys()], delete: async (n: string) => caches.delete(n) },
    skipWaiting: vi.fn(async () => {}),
    clients: { claim: vi.fn(async () => {}) },
    fetch: network,
    addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
  };
  const config = serviceWorkerConfig('1.32.0', files);
  new Function('self', renderServiceWorker(config))(scope);
  const lifecycle = async (type: string) => {
    let wait: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ waitUntil: (p: Promise<unknown>) => (wait = p) });
    await wait;
  };
  const request = async (path: string, init: { mode?: string; method?: string } = {}) => {
    let answer: Promise<Response> | undefined;
    const req = { url: new URL(path, ORIGIN).href, mode: init.mode ?? 'cors', method: init.method ?? 'GET' };
    listeners.get('fetch')?.({ request: req, respondWith: (r: Promise<Response>) => (answer = r) });
    return answer ? (await answer).text() : undefined; // undefined: the browser handles it (not intercepted)
  };
  return { scope, caches, config, network, lifecycle, request, goOffline: () => (online = false) };
}

const shell = { js: ['assets/app-abc.js', 'assets/framework-x.js'], css: ['assets/app-abc.css'] };

describe('service worker (spec 4)', () => {
  it('precaches the app shell and the offline page under a versioned cache name', async () => {
    const worker = bootWorker(shell);
    await worker.lifecycle('install');
    expect(worker.config.cacheName).toMatch(/^lp-shell-1\.32\.0-\w+$/);
    expect([...(worker.caches.get(worker.config.cacheName)?.keys() ?? [])]).toEqual([
      '/assets/app-abc.js',
      '/assets/framework-x.js',
      '/assets/app-abc.css',
      OFFLINE_URL,
    ]);
    expect(worker.scope.skipWaiting).toHaveBeenCalled();
  });

  it('a new build gets a new cache name; activate deletes the old shop caches only', async () => {
    const caches = new Map<string, Map<string, Response>>([
      ['lp-shell-1.31.0-old', new Map()],
      ['someone-elses-cache', new Map()],
    ]);
    const worker = bootWorker({ ...shell, js: ['assets/app-new.js'] }, caches);
    expect(worker.config.cacheName).not.toBe(serviceWorkerConfig('1.32.0', shell).cacheName);
    await worker.lifecycle('install');
    await worker.lifecycle('activate');
    expect([...caches.keys()].sort()).toEqual([worker.config.cacheName, 'someone-elses-cache'].sort());
    expect(worker.scope.clients.claim).toHaveBeenCalled();
  });

  it('navigations use the network, and the offline page when the network fails', async () => {
    const worker = bootWorker(shell);
    await worker.lifecycle('install');
    expect(await worker.request('/funschild', { mode: 'navigate' })).toBe('network /funschild');
    worker.goOffline();
    expect(await worker.request('/funschild', { mode: 'navigate' })).toBe(`network ${OFFLINE_URL}`);
    // precached assets still load offline
    expect(await worker.request('/assets/app-abc.js')).toBe('network /assets/app-abc.js');
  });

  it('never touches /api/, other origins or non-GET requests', async () => {
    const worker = bootWorker(shell);
    await worker.lifecycle('install');
    expect(await worker.request('/api/Cart/x', { mode: 'navigate' })).toBeUndefined();
    expect(await worker.request('/api/Cart/x')).toBeUndefined();
    expect(await worker.request('https://evil.test/x', { mode: 'navigate' })).toBeUndefined();
    expect(await worker.request('/cart', { mode: 'navigate', method: 'POST' })).toBeUndefined();
    expect(
      [...(worker.caches.get(worker.config.cacheName)?.keys() ?? [])].some((k) => k.startsWith('/api')),
    ).toBe(false);
  });

  it('the offline page is German, has no inline script or style, and escapes file names', () => {
    const html = renderOfflinePage(['assets/app.css', 'x"><script>alert(1)</script>.css']);
    expect(html).toContain('<h1>Sie sind offline</h1>');
    expect(html).toContain('lang="de"');
    expect(html).not.toMatch(/<script|<style|style=/);
  });
});

describe('service worker registration and push messages (spec 8)', () => {
  it('registers /sw.js with the whole shop as scope', async () => {
    const register = vi.fn(async () => ({}) as ServiceWorkerRegistration);
    const report = vi.fn();
    await registerServiceWorker({ serviceWorker: { register } } as never, report);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(report).not.toHaveBeenCalled();
  });

  it.each([
    ['no navigator', undefined],
    ['no serviceWorker', {}],
    ['register throws', { serviceWorker: { register: () => Promise.reject(new Error('SecurityError')) } }],
  ])('reports the spec message when unavailable (%s)', async (_name, nav) => {
    const report = vi.fn();
    expect(await registerServiceWorker(nav as never, report)).toBeNull();
    expect(report.mock.calls[0]?.[0]).toMatchObject({ message: SW_UNAVAILABLE });
  });

  it("push: 'Not subscribed to push notifications.' and 'Unsubscribe failed!'", async () => {
    const report = vi.fn();
    const messages = () => report.mock.calls.map((call) => (call[0] as Error).message);
    const none = { pushManager: { getSubscription: async () => null } } as never;
    expect(await pushSubscription(none, report)).toBeNull();
    expect(await unsubscribePush(none, report)).toBe(false);
    expect(messages()).toEqual([NOT_SUBSCRIBED, NOT_SUBSCRIBED]);
    report.mockClear();
    const refusing = {
      pushManager: { getSubscription: async () => ({ unsubscribe: async () => false }) },
    } as never;
    expect(await unsubscribePush(refusing, report)).toBe(false);
    const throwing = {
      pushManager: { getSubscription: async () => ({ unsubscribe: () => Promise.reject(new Error('x')) }) },
    } as never;
    expect(await unsubscribePush(throwing, report)).toBe(false);
    expect(messages()).toEqual([UNSUBSCRIBE_FAILED, UNSUBSCRIBE_FAILED]);
    report.mockClear();
    const fine = {
      pushManager: { getSubscription: async () => ({ unsubscribe: async () => true }) },
    } as never;
    expect(await unsubscribePush(fine, report)).toBe(true);
    expect(await pushSubscription(null, report)).toBeNull();
    expect(messages()).toEqual([SW_UNAVAILABLE]);
  });
});
