import type { PlateSize, PlateSizeId } from './types';

/**
 * The 15 sizes of the plate-size catalogue (spec 3). Heights of 200 mm, 155 mm and 130 mm are two-line plates
 * (district above, letters and digits below): one line of official lettering would not fit their width.
 * `capacity` is derived from the layout (a test keeps them in step): the most characters every standard
 * registration of that length fits with, whatever its district length. Narrow lettering (Engschrift) is
 * used only on 520x110, and only when the standard width does not fit (FZV Anlage 4: the 520 mm plate is the
 * norm; smaller plates carry fewer characters instead).
 */
export const PLATE_SIZES: readonly PlateSize[] = [
  { id: '520x110', widthMm: 520, heightMm: 110, lines: 1, capacity: 8, fontWidth: 'narrow' },
  { id: '460x110', widthMm: 460, heightMm: 110, lines: 1, capacity: 6, fontWidth: 'standard' },
  { id: '420x110', widthMm: 420, heightMm: 110, lines: 1, capacity: 5, fontWidth: 'standard' },
  { id: '400x110', widthMm: 400, heightMm: 110, lines: 1, capacity: 5, fontWidth: 'standard' },
  { id: '380x110', widthMm: 380, heightMm: 110, lines: 1, capacity: 5, fontWidth: 'standard' },
  { id: '340x200', widthMm: 340, heightMm: 200, lines: 2, capacity: 8, fontWidth: 'standard' },
  { id: '280x200', widthMm: 280, heightMm: 200, lines: 2, capacity: 8, fontWidth: 'standard' },
  { id: '250x200', widthMm: 250, heightMm: 200, lines: 2, capacity: 8, fontWidth: 'standard' },
  { id: '220x200', widthMm: 220, heightMm: 200, lines: 2, capacity: 6, fontWidth: 'standard' },
  { id: '200x200', widthMm: 200, heightMm: 200, lines: 2, capacity: 5, fontWidth: 'standard' },
  { id: '180x200', widthMm: 180, heightMm: 200, lines: 2, capacity: 5, fontWidth: 'standard' },
  { id: '255x130', widthMm: 255, heightMm: 130, lines: 2, capacity: 8, fontWidth: 'standard' },
  { id: '240x155', widthMm: 240, heightMm: 155, lines: 2, capacity: 8, fontWidth: 'standard' },
  { id: '240x130', widthMm: 240, heightMm: 130, lines: 2, capacity: 8, fontWidth: 'standard' },
  // The parking sign: plate look without EU band or seals, two lines of 16 characters (free text).
  { id: 'parkplatz', widthMm: 520, heightMm: 110, lines: 2, capacity: 32, fontWidth: 'standard' },
];

const BY_ID = new Map(PLATE_SIZES.map((s) => [s.id as string, s]));

/**
 * The size with this id ('520x110' …, 'parkplatz'), or undefined.
 * @example
 * getPlateSize('520x110')?.widthMm; // 520
 */
export function getPlateSize(id: string): PlateSize | undefined {
  return typeof id === 'string' ? BY_ID.get(id.trim()) : undefined;
}

/** Whether a value is a plate size id. */
export function isPlateSizeId(value: unknown): value is PlateSizeId {
  return typeof value === 'string' && BY_ID.has(value);
}
