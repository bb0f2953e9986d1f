import { lazyPart, staticPart } from '../../app/deferredPart';

// Selective hydration (app/deferredPart.tsx) of the order page's "Versand": the server renders the parcels in place
// (first paint, and without script), their code hydrates from its own chunk instead of the route's initial script
// (the /thank-you route's size guard). The part's props are the loader's order, equal across the page's renders.
// `import.meta.env.SSR` is a build constant (as in chrome/deferredChrome.ts): the browser build drops that branch.
const server = import.meta.env.SSR ? await import('../account/OrderParcels') : undefined;

/** OrderShipping (account/OrderParcels.tsx), hydrated from its own chunk. */
export const DeferredOrderShipping = server
  ? staticPart(server.OrderShipping)
  : lazyPart('parcels', () => import('../account/OrderParcels').then((module) => module.OrderShipping));
