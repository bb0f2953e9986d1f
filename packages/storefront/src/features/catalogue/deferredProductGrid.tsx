import { lazyPart, staticPart } from '../../app/deferredPart';

// Selective hydration (app/deferredPart.tsx) of a product grid below the first screen (home, a product's upsell,
// the printing page): the server renders the cards in place, and their code (cards, add and wish-list buttons)
// hydrates them from its own chunk, requested with the page's, instead of being in the page's initial script.
// List pages whose grid is the first screen (category, catalogue, product lists) import ProductGrid directly.
// `import.meta.env.SSR` is a build constant (as in chrome/deferredChrome.ts).
const load = () => import('./ProductCard');
const server = import.meta.env.SSR ? await load() : undefined;

/** ProductGrid (./ProductCard.tsx) for a grid below the first screen, hydrated from its own chunk. */
export const DeferredProductGrid = server
  ? staticPart(server.ProductGrid)
  : lazyPart('product-grid', () => load().then((module) => module.ProductGrid));
