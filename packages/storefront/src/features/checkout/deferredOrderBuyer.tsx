import { lazyPart, staticPart } from '../../app/deferredPart';

// Selective hydration (app/deferredPart.tsx) of the order page's addresses, as deferredOrderShipping.tsx does for
// its "Versand": the server renders them in place, their code (and session 26's notice why they are hidden after a
// day) hydrates from its own chunk instead of the /thank-you route's initial script (its size guard).
const server = import.meta.env.SSR ? await import('./OrderBuyer') : undefined;

/** OrderBuyer (OrderBuyer.tsx), hydrated from its own chunk. */
export const DeferredOrderBuyer = server
  ? staticPart(server.OrderBuyer)
  : lazyPart('buyer', () => import('./OrderBuyer').then((module) => module.OrderBuyer));
