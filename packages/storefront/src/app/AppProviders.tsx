import type { Sdk } from '@lp/sdk';
import { LpContext } from '@lp/react';
import type { ReactNode } from 'react';
import { ShopContext, type ShopContextValue } from './ShopContext';

/**
 * The providers around the router, the same on server and client so hydration matches. The SDK reaches the cart
 * hooks and the widget's elements through @lp/react's context (one way to bind). Its context, not `LpProvider`:
 * entry-client loads the cart once hydrated, so the provider would only pass the SDK on, and it refers to
 * `createSdk` (for `<LpProvider options>`), which would put every SDK service into every route's initial script.
 */
export function AppProviders({ value, children }: { value: ShopContextValue; children: ReactNode }) {
  // @lp/react types its context with createSdk's full `Sdk`; what reads it is the SDK's core: the cart store
  // (useCart) and, handed to the plate generator and banner elements, the cart service, catalogue, company and cart
  // store. The print editor, the one element that uploads images, gets an SDK with the upload (PrintEditor.tsx).
  return (
    <LpContext.Provider value={value.sdk as Sdk}>
      <ShopContext.Provider value={value}>{children}</ShopContext.Provider>
    </LpContext.Provider>
  );
}
