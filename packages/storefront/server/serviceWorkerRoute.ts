import {
  OFFLINE_URL,
  SERVICE_WORKER_URL,
  renderOfflinePage,
  renderServiceWorker,
  serviceWorkerConfig,
} from '../src/features/serviceWorker/serviceWorkerFiles';
import { CLIENT_ENTRY, type Manifest, chunkFiles } from './htmlTemplate';

export interface ServiceWorkerFile {
  type: string;
  body: string;
}

/**
 * spec 4 service worker: builds /sw.js (served from the site root so its scope is the whole shop) and the offline
 * page for this build, precaching the entry's JS and CSS from the Vite manifest. Returns the file for a path or
 * undefined.
 */
export function createServiceWorkerFiles(
  manifest: Manifest,
  appVersion: string,
): (pathname: string) => ServiceWorkerFile | undefined {
  const shell = chunkFiles(manifest, CLIENT_ENTRY);
  const files = new Map<string, ServiceWorkerFile>([
    [
      SERVICE_WORKER_URL,
      {
        type: 'text/javascript; charset=utf-8',
        body: renderServiceWorker(serviceWorkerConfig(appVersion, shell)),
      },
    ],
    [OFFLINE_URL, { type: 'text/html; charset=utf-8', body: renderOfflinePage(shell.css) }],
  ]);
  return (pathname) => files.get(pathname);
}
