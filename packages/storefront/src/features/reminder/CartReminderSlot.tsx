import { Suspense, lazy, useEffect, useState } from 'react';

const CartReminder = lazy(() =>
  import('./CartReminder').then((module) => ({ default: module.CartReminder })),
);

/**
 * Where the cart reminder lives in the page chrome. It depends on this browser's storage and cart, so the server
 * renders nothing and the reminder's code loads only after hydration (it never delays a page).
 */
export function CartReminderSlot() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <CartReminder />
    </Suspense>
  );
}
