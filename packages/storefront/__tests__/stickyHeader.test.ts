import { describe, expect, it } from 'vitest';
import {
  INITIAL_STICKY,
  type StickyState,
  nextStickyState,
  stickyThreshold,
} from '../src/chrome/stickyHeader';

const scroll = (positions: number[], threshold = 100, start: StickyState = INITIAL_STICKY) =>
  positions.reduce((state, y) => nextStickyState(state, y, threshold), start);

describe('sticky header rules (spec 4/9)', () => {
  it('stays static up to the threshold and becomes sticky past it', () => {
    expect(scroll([50, 100]).sticky).toBe(false);
    expect(scroll([50, 101]).sticky).toBe(true);
  });

  it('hides after 25 px of scrolling down, not after 24', () => {
    const past = scroll([200, 180]); // sticky, last moved up
    expect(scroll([204], 100, past).visible).toBe(past.visible);
    expect(scroll([180 + 24], 100, { ...past, visible: true }).visible).toBe(true);
    expect(scroll([180 + 25], 100, { ...past, visible: true }).visible).toBe(false);
  });

  it('shows again after 10 px of scrolling up, not after 9', () => {
    const hidden = scroll([300, 400]);
    expect(hidden.visible).toBe(false);
    expect(scroll([391], 100, hidden).visible).toBe(false);
    expect(scroll([390], 100, hidden).visible).toBe(true);
  });

  it('measures from where the direction changed, so small jitters add up per direction', () => {
    const hidden = scroll([300, 400]);
    expect(scroll([395, 391], 100, hidden).visible).toBe(false);
    expect(scroll([395, 390], 100, hidden).visible).toBe(true);
  });

  it('goes back to static (and visible) at the top', () => {
    expect(scroll([300, 400, 20])).toMatchObject({ sticky: false, visible: true });
  });

  it('uses the header bottom on desktop and 100 px more up to 991 px wide', () => {
    expect(stickyThreshold(1200, 120)).toBe(120);
    expect(stickyThreshold(992, 120)).toBe(120);
    expect(stickyThreshold(991, 120)).toBe(220);
    expect(stickyThreshold(375, 80)).toBe(180);
  });
});
