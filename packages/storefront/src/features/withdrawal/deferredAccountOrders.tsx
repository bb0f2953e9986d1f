import { lazyPart, staticPart } from '../../app/deferredPart';

// Session 25, accountfollow: the withdrawal page's offer of the customer's orders (AccountOrders.tsx) hydrates from
// the chunk of the order's lines (orderLinesPart.tsx, app/deferredPart.tsx), so /vertrag-widerrufen's first script
// grows by a repeated import only (0.05 KB at most, routeSizes.test.ts). The server
// renders it in place, which is nothing (it reads the account only in the browser): the page's HTML is the same
// for a guest and a customer, with no personal data. `import.meta.env.SSR` is a build constant: the browser build
// drops that branch.
const server = import.meta.env.SSR ? await import('./AccountOrders') : undefined;

/** AccountOrders, hydrated from the chunk of the order's lines. */
export const DeferredAccountOrders = server
  ? staticPart(server.AccountOrders)
  : lazyPart('withdrawal', () => import('./orderLinesPart').then((module) => module.AccountOrders));
