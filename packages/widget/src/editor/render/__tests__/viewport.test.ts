import { describe, expect, it } from 'vitest';
import {
  centreOn,
  clampView,
  fitScale,
  followSpan,
  isZoomed,
  MAX_SCALE,
  reveal,
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

describe('revealing a span', () => {
  it('pans the least distance that shows the whole span, and leaves a span wider than the view alone', () => {
    const view = { width: 358, scale: 0.4475, left: 1000 };
    const span = visibleSpan(view);
    expect(reveal(view, { left: 1100, width: 100 })).toEqual(view);
    expect(reveal(view, { left: 950, width: 100 }).left).toBe(950);
    expect(reveal(view, { left: 1000 + span - 50, width: 100 }).left).toBeCloseTo(1050);
    expect(reveal(view, { left: 0, width: span + 10 })).toEqual(view);
  });
});

describe('following the selection', () => {
  const view = { width: 358, scale: 0.4475, left: 2600 }; // shows 2600 .. 3400
  it('centres an item out of view, and leaves one in view with room for its handles alone', () => {
    expect(followSpan(view, { left: 5000, width: 200 }, 40).left).toBeCloseTo(5100 - visibleSpan(view) / 2);
    expect(followSpan(view, { left: 2716, width: 624 }, 40)).toEqual(view);
  });

  it('pans a little when a corner handle of an item in view is off screen', () => {
    expect(followSpan(view, { left: 2620, width: 300 }, 40).left).toBe(2580);
  });

  it('keeps the middle of an item wider than the view (its rotate handle) in view', () => {
    const next = followSpan(view, { left: 1000, width: 3000 }, 40);
    expect(next.left).toBeLessThanOrEqual(2460);
    expect(next.left + visibleSpan(next)).toBeGreaterThanOrEqual(2540);
  });
});
