import { fitsSize } from './fitsSize';
import { parsePlate } from './parsePlate';
import { getPlateSize } from './plateSizes';
import type { PlateKind, PlateSize, PlateSizeId } from './types';

export interface SuggestSizeOptions {
  /** 'car': one-line plates (default); 'motorcycle': two-line plates. */
  shape?: 'car' | 'motorcycle';
  /** 'common' (default): the usual size when it fits; 'smallest': the smallest size that fits. */
  prefer?: 'common' | 'smallest';
}

// Most common first, then the next larger ones; 'smallest' walks the list from the other end.
const CAR: readonly PlateSizeId[] = ['520x110', '460x110', '420x110', '400x110', '380x110'];
const MOTORCYCLE_COMMON: readonly PlateSizeId[] = ['220x200', '250x200', '280x200', '340x200'];
const MOTORCYCLE_SMALLEST: readonly PlateSizeId[] = [
  '180x200',
  '200x200',
  '240x130',
  '220x200',
  '240x155',
  '250x200',
  '255x130',
  '280x200',
  '340x200',
];

/**
 * The size to preselect for a registration: 520x110 for cars (the standard plate; it holds every valid
 * registration), 220x200 for motorcycles, or the smallest fitting size with `prefer: 'smallest'`.
 * Unreadable text gets the common size.
 * @example
 * suggestSize('B-AB 123', 'standard'); // '520x110'
 * suggestSize('B-A 1', 'standard', { prefer: 'smallest' }); // '380x110'
 */
export function suggestSize(text: string, kind: PlateKind, options: SuggestSizeOptions = {}): PlateSizeId {
  const motorcycle = options.shape === 'motorcycle';
  const common = motorcycle ? MOTORCYCLE_COMMON : CAR;
  const order =
    options.prefer === 'smallest' ? (motorcycle ? MOTORCYCLE_SMALLEST : [...CAR].reverse()) : common;
  const fallback = common[0] as PlateSizeId;
  const plate = parsePlate(text);
  if (!plate) return fallback;
  const found = order.find((id) => fitsSize(plate, kind, getPlateSize(id) as PlateSize));
  return found ?? (motorcycle ? '340x200' : '520x110');
}
