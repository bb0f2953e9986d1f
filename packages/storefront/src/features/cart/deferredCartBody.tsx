import { lazyPart, staticPart } from '../../app/deferredPart';

// Selective hydration (app/deferredPart.tsx) of the cart page's body: the server renders the shopper's lines in
// place, and their code (lines, stepper, summary, coupon) hydrates them from its own chunk, requested when the page's
// chunk runs, instead of growing the route's initial script. Until it has hydrated, the lines show as the server
// rendered them (their buttons wait for the cart store anyway); links work as links.
// `import.meta.env.SSR` is a build constant (as in chrome/deferredChrome.ts): the browser build drops that branch.
const load = () => import('./CartBody');
const server = import.meta.env.SSR ? await load() : undefined;

/** CartBody (./CartBody.tsx), hydrated from its own chunk. It takes no props: a parent's render never reaches it. */
export const DeferredCartBody = server
  ? staticPart(server.CartBody)
  : lazyPart('cart-body', () => load().then((module) => module.CartBody));
