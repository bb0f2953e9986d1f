import { Suspense, lazy, useEffect, useState } from 'react';

const loadConsentRoot = () => import('./ConsentRoot').then((module) => ({ default: module.ConsentRoot }));
// Requested as the entry runs, so it arrives while the route's data loads and the services start right after
// hydration (the first interaction that starts lazy third parties is not missed).
const preloaded = typeof window === 'undefined' ? undefined : loadConsentRoot();
const ConsentRoot = lazy(() => preloaded ?? loadConsentRoot());

/**
 * Mounts the browser services of issue 6 (consent -> tracking queue, third parties, service worker) after
 * hydration, from their own chunk: nothing of it is needed for the first paint. The banner itself is not here:
 * the layout renders it (server and browser), so its text does not wait for this chunk.
 */
export function ConsentMount() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ConsentRoot />
    </Suspense>
  );
}
