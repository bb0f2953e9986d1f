import { type Sdk, type SdkOptions, createSdk } from '@lp/sdk';
import { type ReactNode, createContext, createElement, useEffect, useState } from 'react';

/** The SDK of the nearest {@link LpProvider}; null outside one. */
export const LpContext = createContext<Sdk | null>(null);

/** SDKs whose stored cart a provider has loaded. */
const loaded = new WeakSet<Sdk>();

/** Props of {@link LpProvider}: an SDK instance, or the options to build one. */
export type LpProviderProps = ({ sdk: Sdk; options?: never } | { options: SdkOptions; sdk?: never }) & {
  /**
   * Loads the stored cart (the `AppState` guid) once mounted in the browser, once per SDK, never on the server.
   * @default true
   */
  loadCart?: boolean;
  children?: ReactNode;
};

/**
 * Hands one SDK to the hooks and element wrappers below it. Given `options`, it calls `createSdk` once for the
 * provider's lifetime (later changes of `options` are ignored); given `sdk`, it uses that instance, so a widget
 * and the app can share one cart.
 *
 * @example
 * <LpProvider options={{ baseUrl: 'https://api.example.de' }}>
 *   <App />
 * </LpProvider>
 */
export function LpProvider(props: LpProviderProps) {
  const [own] = useState(() => (props.sdk ? null : createSdk(props.options)));
  const sdk = props.sdk ?? own!;
  const load = props.loadCart !== false;
  useEffect(() => {
    // Once per SDK: StrictMode's second run of this effect asked again (2 cart and rate requests per page load in
    // development). A failed load (in the store's `error`, useCart().error) is asked again at the next mount.
    if (load && !loaded.has(sdk)) {
      loaded.add(sdk);
      sdk.cartStore
        .getState()
        .load()
        .catch(() => loaded.delete(sdk));
    }
  }, [sdk, load]);
  return createElement(LpContext.Provider, { value: sdk }, props.children);
}
