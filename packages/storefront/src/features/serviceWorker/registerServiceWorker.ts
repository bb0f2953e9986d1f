/** The service worker's URL: at the site root so its scope is the whole shop. */
export const SERVICE_WORKER_URL = '/sw.js';

/** spec 8: reported when the browser has no service workers. */
export const SW_UNAVAILABLE = 'Service workers are disabled or not supported by this browser';

type Report = (error: unknown, context: string, severity?: 'error' | 'warning') => void;

/**
 * spec 4: registers the service worker immediately, scope the whole shop. Without service workers (old browser,
 * disabled, insecure origin) the spec's message is reported; never throws.
 *
 * @example
 * void registerServiceWorker(navigator, reporter.report);
 */
export async function registerServiceWorker(
  nav: Pick<Navigator, 'serviceWorker'> | undefined,
  report: Report,
): Promise<ServiceWorkerRegistration | null> {
  const container = nav && 'serviceWorker' in nav ? nav.serviceWorker : undefined;
  if (!container || typeof container.register !== 'function') {
    report(new Error(SW_UNAVAILABLE), 'serviceWorker', 'warning');
    return null;
  }
  try {
    return await container.register(SERVICE_WORKER_URL, { scope: '/' });
  } catch (error) {
    report(new Error(SW_UNAVAILABLE, { cause: error }), 'serviceWorker', 'warning');
    return null;
  }
}
