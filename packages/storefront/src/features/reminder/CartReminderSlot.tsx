import { Suspense, lazy, useEffect, useState } from 'react';

const BrowserCartChrome = lazy(() =>
  import('./BrowserCartChrome').then((module) => ({ default: module.BrowserCartChrome })),
);

/**
 * Where the cart reminder (and the cart shared with the shop's other tabs) lives in the page chrome. It depends on
 * this browser's storage and cart, so the server renders nothing and its code loads only after hydration (it never
 * delays a page).
 */
export function CartReminderSlot() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <BrowserCartChrome />
    </Suspense>
  );
}
