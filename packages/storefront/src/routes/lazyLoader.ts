import type { LoaderFunctionArgs } from 'react-router-dom';

/** A route loader as React Router calls it. */
export type RouteLoader<T = unknown> = (args: LoaderFunctionArgs) => Promise<T>;

/**
 * A route loader whose code loads with its first call. The browser hydrates from the server's loader data, so no
 * loader runs before the first client navigation: the loaders stay out of every route's initial script, and the
 * entry loads their chunk once the page is hydrated (entry-client), so a navigation does not wait for it. On the
 * server the same call imports the loaders once per process.
 *
 * @example
 * lazyLoader(() => import('./loaders').then((module) => module.createLoaders(deps).home));
 */
export function lazyLoader<T>(load: () => Promise<RouteLoader<T>>): RouteLoader<T> {
  let loader: Promise<RouteLoader<T>> | undefined;
  return (args) => {
    // A chunk that failed to load (offline) is asked for again by the next navigation.
    loader ??= load().catch((error: unknown) => {
      loader = undefined;
      throw error;
    });
    return loader.then((run) => run(args));
  };
}
