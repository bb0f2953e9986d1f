/**
 * `@lp/sdk/catalogue`: the catalogue service (spec 7 business calls) on its own, for bundles that compose a
 * slimmer SDK than `createSdk()` (the widget's script tag) and must not grow the main entry's budget.
 */
export { createCatalogueService, createProductCalls } from './services/catalogueService';
export type { CatalogueService, ProductCalls } from './services/catalogueService';
