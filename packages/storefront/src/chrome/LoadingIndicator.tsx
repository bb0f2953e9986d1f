import { useNavigation } from 'react-router-dom';
import { useCart } from '@lp/react';

/**
 * spec 9: loading indicator while requests run: colour #56afeb, opacity 0.8, no minimum duration, no backdrop.
 * Navigations (route loaders) and cart calls both count.
 */
export function LoadingIndicator() {
  const navigating = useNavigation().state !== 'idle';
  const cartPending = useCart(({ state }) => state.pending);
  if (!navigating && !cartPending) return null;
  return <div className="loading-bar" role="progressbar" aria-label="Wird geladen" />;
}
