import { describe, expect, it } from 'vitest';
import { guidePoints, snapBox } from '../snap';

describe('snapBox', () => {
  it('snaps a box centre to the canvas centre line and shows a vertical guide', () => {
    const result = snapBox({ left: 2920, right: 3120, top: 120, bottom: 170 });
    expect(result.dx).toBe(8);
    expect(result.guides).toContainEqual({ orientation: 'vertical', position: 3028 });
  });

  it('snaps left and right edges to the spec 9 margins', () => {
    expect(snapBox({ left: 30, right: 230, top: 60, bottom: 100 }).dx).toBe(-15);
    expect(snapBox({ left: 5800, right: 6030, top: 60, bottom: 100 }).dx).toBe(11);
  });

  it('snaps vertically to top, middle and bottom', () => {
    expect(snapBox({ left: 1000, right: 1100, top: 10, bottom: 110 }).dy).toBe(-10);
    const mid = snapBox({ left: 1000, right: 1100, top: 95, bottom: 195 });
    expect(mid.dy).toBe(5);
    expect(mid.guides).toEqual([{ orientation: 'horizontal', position: 150 }]);
  });

  it('does not snap when far from every line', () => {
    expect(snapBox({ left: 1000, right: 1100, top: 60, bottom: 100 })).toEqual({ dx: 0, dy: 0, guides: [] });
  });

  it('draws guides across the whole canvas', () => {
    expect(guidePoints({ orientation: 'vertical', position: 3028 })).toEqual([3028, 0, 3028, 300]);
    expect(guidePoints({ orientation: 'horizontal', position: 150 })).toEqual([0, 150, 6056, 150]);
  });
});
