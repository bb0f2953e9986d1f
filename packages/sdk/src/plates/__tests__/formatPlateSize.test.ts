import { describe, expect, it } from 'vitest';
import { formatPlateSize } from '../../contract/formatPlateSize';
import { PLATE_MESSAGES } from '../messages';
import { PLATE_SIZES } from '../plateSizes';

describe('formatPlateSize (issue 13: one size notation)', () => {
  it.each([
    ['520x110', '520 × 110 mm'],
    ['520 x 110', '520 × 110 mm'],
    ['520×110', '520 × 110 mm'],
    ['520 × 110 mm', '520 × 110 mm'],
    ['340X200', '340 × 200 mm'],
    ['parkplatz', 'parkplatz'],
    ['Standard', 'Standard'],
    ['', ''],
    ['<b>520x110</b>', '<b>520x110</b>'],
    ['520x110x3', '520x110x3'],
  ])('%s -> %s', (input, shown) => expect(formatPlateSize(input)).toBe(shown));

  it('writes every size of the catalogue the same way', () => {
    for (const size of PLATE_SIZES) {
      if (size.id === 'parkplatz') continue;
      expect(formatPlateSize(size.id)).toBe(`${size.widthMm} × ${size.heightMm} mm`);
    }
  });

  it('is the notation of the plate messages', () => {
    expect(PLATE_MESSAGES['size-too-small']('520x110')).toContain('520 × 110 mm');
    expect(PLATE_MESSAGES['size-too-small']('520x110')).not.toMatch(/520x110|mm mm/);
  });
});
