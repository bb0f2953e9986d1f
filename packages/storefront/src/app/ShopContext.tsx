import type { SdkCore } from '@lp/sdk/compose';
import { createContext, useContext } from 'react';
import type { PublicConfig } from '../config';
import type { ShopData } from '../data/shopData';
import type { ErrorReporter } from '../errors/errorReporter';

/**
 * What routes and components share: one SDK (one cart, also for the widget), data reads, configuration. The SDK is
 * its core (`createSdkCore`); the later services come from `src/sdk/` (`ordersOf(sdk)`, `checkoutOf(sdk)` ...).
 */
export interface ShopContextValue {
  sdk: SdkCore;
  data: ShopData;
  config: PublicConfig;
  reporter: ErrorReporter;
  /**
   * The browser hydrated with the server's loader data, so the document's head is the server's for the first
   * location (seo/useHead.ts applies heads from the first client navigation on). Absent on the server.
   */
  serverHead?: boolean;
}

export const ShopContext = createContext<ShopContextValue | null>(null);

/** The shop context; throws when a component is rendered outside the app (a programming error). */
export function useShop(): ShopContextValue {
  const value = useContext(ShopContext);
  if (!value) throw new Error('useShop() needs <ShopContext.Provider> (see createApp).');
  return value;
}
