// Every route the API registers, observed through an onRoute hook on each instance Fastify builds: the tests that
// cover "every route" (contract, routeSweep*) read the routes there are, not a hand-picked list. A test file installs
// it with vi.mock (a factory may only reach other modules through a dynamic import):
//
//   vi.mock('fastify', async (importOriginal) =>
//     (await import('./support/observedRoutes')).observingRoutes(await importOriginal()),
//   );
import type { RouteOptions } from 'fastify';

type FastifyModule = typeof import('fastify');

/** The routes registered so far, in order (filled while the API is built). */
export const observedRoutes: RouteOptions[] = [];

/** Fastify's module with a factory that adds the observing hook to every instance. */
export function observingRoutes(actual: FastifyModule) {
  const observed = ((options?: object) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => void observedRoutes.push(route));
    return app;
  }) as unknown as FastifyModule['default'];
  return { ...actual, default: observed };
}
