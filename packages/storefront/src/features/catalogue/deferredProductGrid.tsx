import type { ComponentProps } from 'react';
import { type Part, lazyPart, staticPart } from '../../app/deferredPart';
import type { ProductGrid } from './ProductCard';

// Selective hydration (app/deferredPart.tsx) of a product grid below the first screen (home, a product's upsell,
// the printing page): the server renders the cards in place, and their code (cards, add and wish-list buttons)
// hydrates them from its own chunk instead of being in the page's initial script.
// List pages whose grid is the first screen (category, catalogue, product lists) import ProductGrid directly.
// `import.meta.env.SSR` is a build constant (as in chrome/deferredChrome.ts).
const load = () => import('./ProductCard');
const server = import.meta.env.SSR ? await load() : undefined;

type GridProps = ComponentProps<typeof ProductGrid>;
let part: Part<GridProps> | undefined;

/**
 * ProductGrid (./ProductCard.tsx) for a grid below the first screen, hydrated from its own chunk. The part is made
 * (and its chunk requested) when a page first renders a grid, not when this module evaluates: it shares a chunk
 * with the widget slots' (vite.config.ts `deferredparts`), and a page without a grid must not load the cards.
 */
export function DeferredProductGrid(props: GridProps) {
  if (!part)
    part = server
      ? staticPart(server.ProductGrid)
      : lazyPart('product-grid', () => load().then((module) => module.ProductGrid));
  const Grid = part;
  return <Grid {...props} />;
}
