import { defineElement } from '../elements/defineElement';
import { baseStyles } from '../styles/baseStyles';
import { generatorStyles } from '../styles/generatorStyles';
import { PlateGenerator } from './PlateGenerator';

export const PLATE_GENERATOR_TAG = 'lp-plate-generator';

/** Observed attributes of `<lp-plate-generator>` (docs/reference/elements.md). */
export const PLATE_GENERATOR_ATTRIBUTES = [
  'api',
  'company',
  'product',
  'size',
  'type',
  'shop-url',
  'lang',
  'kennzeichen',
  'art',
  'groesse',
  'read-url',
  'dealer',
] as const;

/**
 * Defines `<lp-plate-generator>` without choosing where the plate rules come from (the script-tag build sets
 * its chunk loader first; the module build goes through `definePlateGenerator`). A second call is a no-op.
 */
export function defineGeneratorElement(): CustomElementConstructor | undefined {
  return defineElement(PLATE_GENERATOR_TAG, PlateGenerator, {
    attributes: PLATE_GENERATOR_ATTRIBUTES,
    properties: ['sdk'],
    styles: [baseStyles, generatorStyles],
  });
}
