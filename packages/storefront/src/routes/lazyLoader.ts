import type { LoaderFunctionArgs } from 'react-router-dom';

/** A route loader as React Router calls it. */
export type RouteLoader<T = unknown> = (args: LoaderFunctionArgs) => Promise<T>;

/**
 * `load()` run once and its promise shared; after a failure (a chunk that did not load while offline) the next call
 * asks again, so the next navigation works.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}

/**
 * A route loader whose code loads with its first call (`load`: once per route table with loadOnce, or on the server
 * for each page). The browser hydrates from the server's loader data, so no loader runs before the first client
 * navigation: the loaders stay out of every route's initial script, and the entry loads their chunk once the page is
 * hydrated (entry-client), so a navigation does not wait for it. On the server the import is the process's, once.
 *
 * @example
 * lazyLoader(loadOnce(() => import('./thankYouLoader').then((module) => module.thankYouLoader(data))));
 */
export function lazyLoader<T>(load: (args: LoaderFunctionArgs) => Promise<RouteLoader<T>>): RouteLoader<T> {
  return async (args) => (await load(args))(args);
}
