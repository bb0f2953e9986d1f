// Calling the router's loaders as React Router does, outside a router: their arguments, and the redirect one throws.
import type { LoaderFunctionArgs } from 'react-router-dom';

/** A loader's arguments for the shop address `url` (path and query) with the route's `params`. */
export const loaderArgs = (url: string, params: Record<string, string> = {}) =>
  ({ request: new Request(`http://shop.test${url}`), params, context: {} }) as LoaderFunctionArgs;

/** The redirect a loader throws, as its Location; null when it answers instead. */
export async function redirected(load: Promise<unknown>): Promise<string | null> {
  try {
    await load;
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}
