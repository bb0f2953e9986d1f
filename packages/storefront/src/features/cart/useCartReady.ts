import { useEffect, useState } from 'react';
import { useShop } from '../../app/ShopContext';
import { useCart } from '@lp/react';

/**
 * True once the browser's cart is known. The server renders without the cart (it lives in the browser), so the
 * first client render is the server's (hydration matches); afterwards a stored guid whose cart has not arrived
 * yet still counts as loading.
 */
export function useCartReady(): boolean {
  return useCartPhase() === 'ready';
}

/**
 * 'server': rendered without the browser's cart (server HTML and the hydrating render); 'loading': a stored
 * guid's cart has not arrived; 'ready': the cart is known.
 */
export function useCartPhase(): 'server' | 'loading' | 'ready' {
  const { sdk } = useShop();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const cartGuid = useCart(({ state }) => state.cart.cartGuid);
  const failed = useCart(({ state }) => state.error !== null);
  if (!mounted) return 'server';
  return failed || cartGuid !== null || !sdk.appState.get().CartGuid ? 'ready' : 'loading';
}
