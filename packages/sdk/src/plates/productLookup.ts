import type { Product } from '../contract';
import { ATTR } from '../contract';

// spec 5: "Plate-type lookup ignores the first space" (only the first one, as the shop always did).
const withoutFirstSpace = (value: unknown) => (typeof value === 'string' ? value.replace(' ', '') : '');

/**
 * The first product whose plate type (attribute `Kennzeichentyp`) equals `plateType`, comparing both with
 * their first space removed (spec 5).
 * @example
 * findByPlateType(products, 'Auto')?.Price; // headline root price (spec 1)
 */
export function findByPlateType(products: readonly Product[], plateType: string): Product | undefined {
  const wanted = withoutFirstSpace(plateType);
  if (!wanted || !Array.isArray(products)) return undefined;
  return products.find((p) => withoutFirstSpace(p?.Attributes?.[ATTR.plateType]) === wanted);
}

/**
 * Every product of a plate type (see {@link findByPlateType}).
 * @example
 * filterByPlateType(products, 'Funschild').length;
 */
export function filterByPlateType(products: readonly Product[], plateType: string): Product[] {
  const wanted = withoutFirstSpace(plateType);
  if (!wanted || !Array.isArray(products)) return [];
  return products.filter((p) => withoutFirstSpace(p?.Attributes?.[ATTR.plateType]) === wanted);
}

/**
 * The product with this UniqueId; the input is trimmed first (spec 5).
 * @example
 * findByUniqueId(products, ' KZH-001 ')?.UniqueId; // 'KZH-001'
 */
export function findByUniqueId(products: readonly Product[], uniqueId: string): Product | undefined {
  const wanted = typeof uniqueId === 'string' ? uniqueId.trim() : '';
  if (!wanted || !Array.isArray(products)) return undefined;
  return products.find((p) => p?.UniqueId === wanted);
}
