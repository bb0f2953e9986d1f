import { requirePlate } from './plainArguments';
import type { ParsedPlate } from './types';

/**
 * The canonical way to write a registration: district, hyphen, letters, space, digits, then E or H. Parts that are
 * not text are refused with the LpError `invalidParameter` ('The parameter plate is invalid.').
 * @example
 * formatPlate({ district: 'B', letters: 'AB', digits: '123' }); // 'B-AB 123'
 * formatPlate({ district: 'M', letters: 'XY', digits: '99', suffix: 'H' }); // 'M-XY 99H'
 */
export function formatPlate(plate: ParsedPlate): string {
  requirePlate(plate);
  return `${plate.district}-${plate.letters} ${plate.digits}${plate.suffix ?? ''}`;
}
