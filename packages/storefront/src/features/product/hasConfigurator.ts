import type { Product } from '@lp/sdk/contract';
import { plateTypeOf } from '../../data/catalogueRules';

/**
 * spec 2: /{alias}/configurator is the name plate configurator (Namensschild); official plates (Auto, Motorrad: the
 * products configuredByGenerator.ts names) show their plate generator there too (decisions.md "every product
 * buyable from its own page"). Holders, fun plates, parking signs and accessories have none: that address is an
 * unknown page. The types are listed here rather than through configuredByGenerator, whose module is in the product
 * form's chunk: the route loaders (loaded after hydration on every page) would fetch that chunk too.
 */
const WITH_CONFIGURATOR = new Set(['Auto', 'Motorrad', 'Namensschild']);

export const hasConfigurator = (product: Pick<Product, 'Attributes'>): boolean =>
  WITH_CONFIGURATOR.has(plateTypeOf(product));
