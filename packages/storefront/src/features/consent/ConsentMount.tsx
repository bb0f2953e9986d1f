import { Suspense, lazy, useEffect, useState } from 'react';
import type { ConsentStore } from './consentStore';

const ConsentRoot = lazy(() => import('./ConsentRoot').then((module) => ({ default: module.ConsentRoot })));

/**
 * Mounts the consent banner and the browser services of issue 6 after hydration, from their own chunk: nothing
 * of it is needed for the first paint (the banner is a fixed overlay), so no route pays for it up front.
 */
export function ConsentMount(props: { banner?: boolean; store?: ConsentStore }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ConsentRoot {...props} />
    </Suspense>
  );
}
