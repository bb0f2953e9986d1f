import type { PlateSizeId } from '@lp/sdk/plates';

/**
 * The 15 size ids of spec 3 in the order of `PLATE_SIZES`, kept here as data: `PLATE_SIZES` of `@lp/sdk/plates`
 * carries the whole size table, which lives in the lazily loaded plates chunk, while attribute parsing and the
 * placeholder pictures need the ids before it arrives. A test checks they are the ids of `PLATE_SIZES`, in order
 * (so the size pictures do not reorder when the chunk arrives). Kinds, Kennzeichen-Art values and month names
 * are imported from `@lp/sdk/plates` directly: they are small and tree-shake out of the rest of the rules.
 */
export const SIZE_IDS: readonly PlateSizeId[] = [
  '520x110',
  '460x110',
  '420x110',
  '400x110',
  '380x110',
  '340x200',
  '280x200',
  '250x200',
  '220x200',
  '200x200',
  '180x200',
  '255x130',
  '240x155',
  '240x130',
  'parkplatz',
];

/** Width and height in millimetres and line count of a size, read from its id (the parking sign is 520 x 110). */
export function sizeOf(id: PlateSizeId): {
  id: PlateSizeId;
  widthMm: number;
  heightMm: number;
  lines: 1 | 2;
} {
  const [width = 520, height = 110] = id === 'parkplatz' ? [] : id.split('x').map(Number);
  // spec 3: 130, 155 and 200 mm high plates carry two lines, and so does the parking sign.
  return { id, widthMm: width, heightMm: height, lines: id === 'parkplatz' || height > 110 ? 2 : 1 };
}
