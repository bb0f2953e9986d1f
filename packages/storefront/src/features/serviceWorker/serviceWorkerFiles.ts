import { type ServiceWorkerConfig, serviceWorkerMain } from './serviceWorkerMain';

/** Where the offline page is served (and precached). */
export const OFFLINE_URL = '/offline.html';
export { SERVICE_WORKER_URL } from './registerServiceWorker';

/** A short stable hash (FNV-1a) of the precached file list: a new build gets a new cache name. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/** The worker's configuration for one build: entry JS and CSS (from the Vite manifest) plus the offline page. */
export function serviceWorkerConfig(
  appVersion: string,
  shell: { js: string[]; css: string[] },
): ServiceWorkerConfig {
  const files = [...shell.js, ...shell.css].map((file) => `/${file.replace(/^\/+/, '')}`);
  const precache = [...new Set([...files, OFFLINE_URL])];
  return {
    cacheName: `lp-shell-${appVersion.replace(/[^\w.-]/g, '')}-${hash(precache.join('|'))}`,
    precache,
    offlineUrl: OFFLINE_URL,
  };
}

/**
 * The text of /sw.js: the self-contained worker body called with this build's configuration.
 *
 * @example
 * renderServiceWorker(serviceWorkerConfig('1.32.0', { js: ['assets/app.js'], css: ['assets/app.css'] }));
 */
export function renderServiceWorker(config: ServiceWorkerConfig): string {
  return `'use strict';\n(${serviceWorkerMain.toString()})(self, ${JSON.stringify(config)});\n`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The offline page (German) served by the worker for navigations when the network fails. No inline script or
 * style (CSP); it uses the shop's precached stylesheet.
 */
export function renderOfflinePage(css: string[]): string {
  const links = css
    .map((file) => `<link rel="stylesheet" href="/${escapeHtml(file.replace(/^\/+/, ''))}">`)
    .join('');
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sie sind offline | Kennzeichen-Profi</title>${links}</head><body><main id="main" class="page offline-page"><h1>Sie sind offline</h1><p>Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut. Ihr Warenkorb bleibt gespeichert.</p><p><a href="/">Erneut versuchen</a></p></main></body></html>`;
}
