import { LpProvider } from '@lp/react';
import type { ReactNode } from 'react';
import { ShopContext, type ShopContextValue } from './ShopContext';

/**
 * The providers around the router, the same on server and client so hydration matches. The SDK reaches the cart
 * hooks and the widget's elements through @lp/react's provider (one way to bind); entry-client loads the cart once
 * hydrated, so the provider does not load it again.
 */
export function AppProviders({ value, children }: { value: ShopContextValue; children: ReactNode }) {
  return (
    <LpProvider sdk={value.sdk} loadCart={false}>
      <ShopContext.Provider value={value}>{children}</ShopContext.Provider>
    </LpProvider>
  );
}
