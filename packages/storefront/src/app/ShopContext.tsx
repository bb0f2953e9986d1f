import type { Sdk } from '@lp/sdk';
import { createContext, useContext } from 'react';
import type { PublicConfig } from '../config';
import type { ShopData } from '../data/shopData';
import type { ErrorReporter } from '../errors/errorReporter';

/** What routes and components share: one SDK (one cart, also for the widget), data reads, configuration. */
export interface ShopContextValue {
  sdk: Sdk;
  data: ShopData;
  config: PublicConfig;
  reporter: ErrorReporter;
}

export const ShopContext = createContext<ShopContextValue | null>(null);

/** The shop context; throws when a component is rendered outside the app (a programming error). */
export function useShop(): ShopContextValue {
  const value = useContext(ShopContext);
  if (!value) throw new Error('useShop() needs <ShopContext.Provider> (see createApp).');
  return value;
}
