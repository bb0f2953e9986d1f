import { PLATE_SIZES } from '@lp/sdk/plates';
import { describe, expect, it } from 'vitest';
import { SIZE_IDS, sizeOf } from '../kinds';

describe('the widget’s copy of the plate sizes (used before the plates chunk arrives)', () => {
  it('lists the ids of the SDK’s size table in its order', () => {
    expect(SIZE_IDS).toEqual(PLATE_SIZES.map((size) => size.id));
  });

  it('reads the same millimetres and line counts from each id as the size table holds', () => {
    for (const size of PLATE_SIZES) {
      const { id, widthMm, heightMm, lines } = size;
      expect(sizeOf(id)).toEqual({ id, widthMm, heightMm, lines });
    }
  });
});
