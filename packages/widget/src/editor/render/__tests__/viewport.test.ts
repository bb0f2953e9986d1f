import { describe, expect, it } from 'vitest';
import {
  centreOn,
  clampView,
  fitScale,
  isZoomed,
  MAX_SCALE,
  showsSpan,
  visibleSpan,
  workingScale,
  zoomBy,
} from '../viewport';

describe('the live stage view (zoom and pan, screen only)', () => {
  it('opens on a 358 px phone about 800 canvas px wide, five times taller than the whole strip', () => {
    const scale = workingScale(358);
    expect(visibleSpan({ width: 358, scale, left: 0 })).toBeCloseTo(800);
    expect(300 * scale).toBeGreaterThan(5 * 300 * fitScale(358));
    // A wide screen never zooms past 1:1.
    expect(workingScale(2000)).toBe(MAX_SCALE);
  });

  it('keeps the scale between the whole strip and 1:1 and the view on the strip', () => {
    expect(clampView({ width: 600, scale: 0.0001, left: 500 })).toEqual({
      width: 600,
      scale: fitScale(600),
      left: 0,
    });
    expect(clampView({ width: 600, scale: 5, left: 99_999 })).toEqual({
      width: 600,
      scale: 1,
      left: 6056 - 600,
    });
    expect(clampView({ width: 600, scale: Number.NaN, left: Number.NaN })).toEqual({
      width: 600,
      scale: fitScale(600),
      left: 0,
    });
    expect(isZoomed(clampView({ width: 600, scale: 0, left: 0 }))).toBe(false);
    expect(isZoomed({ width: 600, scale: 0.5, left: 0 })).toBe(true);
  });

  it('zooms around the middle of the view', () => {
    const view = { width: 400, scale: 0.5, left: 2000 }; // shows 2000..2800
    const closer = zoomBy(view, 2); // shows 2200..2600
    expect(closer).toEqual({ width: 400, scale: 1, left: 2200 });
    expect(zoomBy(closer, 1 / 1000).scale).toBe(fitScale(400));
  });

  it('follows an item that is out of view, not one in view', () => {
    const view = { width: 400, scale: 0.5, left: 0 }; // 0..800
    expect(showsSpan(view, { left: 100, width: 600 })).toBe(true);
    expect(showsSpan(view, { left: 700, width: 200 })).toBe(false);
    expect(centreOn(view, { left: 2928, width: 200 }).left).toBe(2628);
    // Near the end, the view stops at the strip's edge.
    expect(centreOn(view, { left: 5900, width: 141 }).left).toBe(6056 - 800);
    // Wider than the view: shown while any of it is in view.
    expect(showsSpan(view, { left: 600, width: 1400 })).toBe(true);
    expect(showsSpan(view, { left: 900, width: 1400 })).toBe(false);
  });
});
