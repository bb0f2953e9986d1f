import type { Sdk } from '@lp/sdk';
import { useContext } from 'react';
import { LpContext } from './LpProvider';

/**
 * The SDK of the nearest `LpProvider`.
 * @throws Error when there is no provider above (a set-up mistake, reported at once rather than as a missing cart).
 * @example
 * const sdk = useLpSdk();
 * const company = await sdk.getCompany();
 */
export function useLpSdk(): Sdk {
  const sdk = useContext(LpContext);
  if (!sdk) {
    throw new Error(
      '@lp/react: useLpSdk() and the lp hooks need an <LpProvider> above them, e.g. <LpProvider options={{ baseUrl }}>.',
    );
  }
  return sdk;
}
