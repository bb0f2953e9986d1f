// Whether Preact is hydrating the server's HTML right now (set by ./reactDomClient around hydrate, which renders
// the whole tree synchronously). Read by ./react's useSyncExternalStore to answer like React does while hydrating.
let hydrating = false;

/** True while `hydrateRoot` of ./reactDomClient renders the server's markup. */
export function isHydrating(): boolean {
  return hydrating;
}

/** Runs `render` with the hydration flag set; the flag is cleared even when rendering throws. */
export function duringHydration<T>(render: () => T): T {
  hydrating = true;
  try {
    return render();
  } finally {
    hydrating = false;
  }
}
