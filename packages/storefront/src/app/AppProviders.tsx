import type { ReactNode } from 'react';
import { ShopContext, type ShopContextValue } from './ShopContext';

/** The providers around the router, the same on server and client so hydration matches. */
export function AppProviders({ value, children }: { value: ShopContextValue; children: ReactNode }) {
  return <ShopContext.Provider value={value}>{children}</ShopContext.Provider>;
}
