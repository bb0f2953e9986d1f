// The browser build's `react` (vite.config.ts aliases it here): Preact's React compatibility layer, with React's
// controlled fields (./controlledInputs) and one more difference fixed here: preact/compat's useSyncExternalStore
// ignores getServerSnapshot, so while hydrating it would render the browser's value (stored wish list, cart count,
// media query) into markup the server rendered with the server value. Preact does not patch attributes while
// hydrating, so e.g. the header's "Merkzettel, 0 Artikel" label would stay wrong. React renders the server snapshot
// while hydrating and the client snapshot right after; this wrapper does the same.
import * as compat from 'preact/compat';
import './controlledInputs';
import { isHydrating } from './hydrationPhase';

// @ts-expect-error preact/compat's types declare `export =`, its ESM build has plain named exports (TS2498).
export * from 'preact/compat';

type Subscribe = (onStoreChange: () => void) => () => void;

/** React's useSyncExternalStore contract on top of preact/compat, including the server snapshot while hydrating. */
export function useSyncExternalStore<T>(
  subscribe: Subscribe,
  getSnapshot: () => T,
  getServerSnapshot?: () => T,
): T {
  const [fromServer, setFromServer] = compat.useState(() => getServerSnapshot !== undefined && isHydrating());
  // Always subscribed (stable hook order); its value is shown once hydration has committed.
  const current = compat.useSyncExternalStore(subscribe, getSnapshot);
  compat.useLayoutEffect(() => {
    if (fromServer) setFromServer(false);
  }, [fromServer]);
  return fromServer && getServerSnapshot ? getServerSnapshot() : current;
}

// `import React from 'react'` (zustand, some libraries) reads hooks from the default export.
export default { ...compat, useSyncExternalStore };
