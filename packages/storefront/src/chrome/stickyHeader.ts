/** spec 9: sticky-header constants. */
export const STICKY_SHOW_AFTER_UP_PX = 10;
export const STICKY_HIDE_AFTER_DOWN_PX = 25;
/** spec 9: below this width the mobile rules apply. */
export const STICKY_MOBILE_MAX_WIDTH = 991;
/** spec 9: on mobile the header becomes sticky 100 px after its bottom edge. */
export const STICKY_MOBILE_OFFSET_PX = 100;

export interface StickyState {
  /** Past the threshold: the header is fixed to the top. */
  sticky: boolean;
  /** While sticky: shown (after scrolling up) or slid away (after scrolling down). */
  visible: boolean;
  lastY: number;
  /** Where the current scroll direction began. */
  anchorY: number;
  direction: 'up' | 'down' | 'none';
}

export const INITIAL_STICKY: StickyState = {
  sticky: false,
  visible: true,
  lastY: 0,
  anchorY: 0,
  direction: 'none',
};

/**
 * spec 4/9: where the header turns sticky. Desktop: once its bottom edge has scrolled away; mobile (width up to
 * 991 px): 100 px after that.
 */
export function stickyThreshold(viewportWidth: number, headerBottom: number): number {
  return viewportWidth <= STICKY_MOBILE_MAX_WIDTH ? headerBottom + STICKY_MOBILE_OFFSET_PX : headerBottom;
}

/**
 * spec 4: static until the threshold, sticky after it; while sticky it shows after 10 px of scrolling up and
 * hides after 25 px of scrolling down (measured from where the direction changed).
 *
 * @example
 * nextStickyState(INITIAL_STICKY, 500, 120); // { sticky: true, visible: false, ... } after scrolling down
 */
export function nextStickyState(prev: StickyState, y: number, threshold: number): StickyState {
  if (y <= threshold) return { sticky: false, visible: true, lastY: y, anchorY: y, direction: 'none' };
  if (y === prev.lastY) return prev;
  const direction = y > prev.lastY ? 'down' : 'up';
  const anchorY = direction === prev.direction ? prev.anchorY : prev.lastY;
  let visible = prev.sticky ? prev.visible : false;
  if (direction === 'up' && anchorY - y >= STICKY_SHOW_AFTER_UP_PX) visible = true;
  if (direction === 'down' && y - anchorY >= STICKY_HIDE_AFTER_DOWN_PX) visible = false;
  return { sticky: true, visible, lastY: y, anchorY, direction };
}
