import type { Product } from '@lp/sdk/contract';
import { plateTypeOf } from '../../data/catalogueRules';

const OFFICIAL = new Set(['Auto', 'Motorrad']);

/**
 * Issue 13: official plates are configured in the widget's plate generator (live true-scale preview, kind, season
 * months, size suggestion, checks) on their product page and at /{alias}/configurator, so every variant is orderable.
 */
export const configuredByGenerator = (product: Pick<Product, 'Attributes'>): boolean =>
  OFFICIAL.has(plateTypeOf(product));
