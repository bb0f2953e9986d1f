import type { Attributes } from '@lp/sdk/contract';
import { ATTR } from '@lp/sdk/contract';
import type { PriceVariant, PricedProduct } from '../catalogue/productLookup';
import { badRequest } from '../http/ApiError';

/** The attributes that decide a plate variant's price (a seasonal kind costs a surcharge, spec 9). */
const PRICE_KEYS = [ATTR.plateKind, ATTR.plateSize] as const;

/**
 * Security review 4: the unit price of a cart line follows the configuration the line will be printed with, not
 * only the id the client names. For products whose variants differ by Kennzeichen-Art / Kennzeichengröße, the
 * line's values (falling back to the product's defaults) pick the variant and its price: a named variant must
 * agree with the line (400 otherwise), a named parent must match one of its variants (400 otherwise). Products
 * without such variants keep the price `priced` already holds.
 */
export function linePriceCents(priced: PricedProduct, attributes: Attributes): number {
  // The variants come with the cached product lookup (productLookup), so this costs no database round trip.
  const variants = priced.variants.filter((v) => PRICE_KEYS.some((k) => v.attributes?.[k] !== undefined));
  if (variants.length === 0) return priced.priceCents;
  const effective = (key: string) => attributes[key] ?? priced.attributes[key];
  const agrees = (v: PriceVariant, keys: readonly string[]) =>
    keys.every((k) => v.attributes?.[k] === undefined || v.attributes[k] === effective(k));
  const named = variants.find((v) => v.unique_id === priced.lineId);
  if (named) {
    if (!agrees(named, PRICE_KEYS)) throw mismatch('The configuration does not match the chosen variant.');
    return named.price_cents;
  }
  const candidates = variants.filter((v) => agrees(v, PRICE_KEYS));
  // Several variants may share kind and size (parking signs differ by Montage): prefer the one whose other
  // attributes agree too, e.g. the product's default mounting.
  const best = candidates.find((v) => agrees(v, Object.keys(v.attributes ?? {}))) ?? candidates[0];
  if (!best) throw mismatch('The configuration does not match any variant of this product.');
  return best.price_cents;
}

const mismatch = (message: string) =>
  badRequest('variant-mismatch', message, [{ field: ATTR.plateKind, message: 'does not match the variant' }]);
