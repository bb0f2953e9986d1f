import type { Attributes } from '@lp/sdk/contract';
import { ATTR } from '@lp/sdk/contract';
import type { PriceVariant, PricedProduct } from '../catalogue/productLookup';
import { badRequest } from '../http/ApiError';

/** Catalogue bookkeeping, never a property of what is made. */
const NOT_DESCRIBING = new Set<string>([ATTR.metadataProduct, ATTR.metadataDescription]);

/**
 * Issue 13 "the order line says what the shopper chose", security review 4: a cart line's attributes always
 * match what is charged. Every attribute that describes the product (Kennzeichen-Art, Kennzeichengröße,
 * Ausführung, Montage, Farbe, …) is read from the line, falling back to the product's default, and:
 * - a named variant must agree with all of its attributes (400 otherwise), and its price is charged;
 * - a named parent with variants charges the variant that agrees with all of them (400 when none does);
 * - attributes no variant varies (a holder's size, a fun plate's format) must not be contradicted by the line.
 * Shopper inputs that describe no product (plate text, season months, Schriftfarbe, Beschriftung, designs) are not
 * product attributes and pass through; the plate rules check them (validateConfiguration).
 */
export function linePriceCents(priced: PricedProduct, attributes: Attributes): number {
  // The variants come with the cached product lookup (productLookup), so this costs no database round trip.
  const varied = new Set(priced.variants.flatMap((v) => Object.keys(v.attributes ?? {})));
  for (const [key, value] of Object.entries(priced.attributes)) {
    if (NOT_DESCRIBING.has(key) || varied.has(key)) continue;
    const given = attributes[key];
    if (given !== undefined && given !== value)
      throw mismatch(`${key} "${clip(given)}" does not match the product (${clip(value)}).`, key);
  }
  if (priced.variants.length === 0) return priced.priceCents;
  const effective = (key: string) => attributes[key] ?? priced.attributes[key];
  const disagreeing = (v: PriceVariant) =>
    Object.entries(v.attributes ?? {}).find(
      ([k, value]) => !NOT_DESCRIBING.has(k) && effective(k) !== value,
    )?.[0];
  const named = priced.variants.find((v) => v.unique_id === priced.lineId);
  if (named) {
    const key = disagreeing(named);
    if (key !== undefined) throw mismatch('The configuration does not match the chosen variant.', key);
    return named.price_cents;
  }
  const match = priced.variants.find((v) => disagreeing(v) === undefined);
  if (!match) throw mismatch('The configuration does not match any variant of this product.', ATTR.plateKind);
  return match.price_cents;
}

const clip = (value: string) => value.slice(0, 60);

const mismatch = (message: string, field: string) =>
  badRequest('variant-mismatch', message, [{ field, message: 'does not match the charged variant' }]);
