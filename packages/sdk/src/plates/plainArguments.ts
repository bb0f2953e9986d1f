import { invalidParameter } from '../services/requireParam';
import type { ParsedPlate } from './types';

/**
 * Session 23 (wrongtypes): the plate rules meet the values of a plain-JavaScript caller (null, a number, an object
 * where text or a plate's parts belong). Predicates and lookups answer false or their empty result; what computes,
 * formats or draws refuses with the services' LpError `invalidParameter` ('The parameter plate is invalid.'),
 * instead of a TypeError or a text with "undefined" in it.
 */

/** Whether a value has a plate's parts: district, letters and digits as text, E, H or no suffix. */
export function isPlateParts(value: unknown): value is ParsedPlate {
  const plate = value as Partial<Record<keyof ParsedPlate, unknown>> | null | undefined;
  return (
    typeof plate?.district === 'string' &&
    typeof plate.letters === 'string' &&
    typeof plate.digits === 'string' &&
    [undefined, null, 'E', 'H'].includes(plate.suffix as string)
  );
}

/** The plate's parts, or the LpError 'The parameter plate is invalid.' */
export function requirePlate(value: unknown): ParsedPlate {
  if (!isPlateParts(value)) throw invalidParameter('plate');
  return value;
}
