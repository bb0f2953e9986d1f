import { LIMITS } from '../model/constants';
import type { DesignItem } from '../model/designTypes';
import { clamp, round1 } from '../model/geometry';
import { targetId, updateItem } from '../model/items';
import { defineCommand, isMod } from './commandTypes';

/** Arrow keys nudge by this many canvas pixels; Shift moves 10x as far (issue 4). */
export const NUDGE = 10;

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

function finite(n: unknown): n is number {
  return typeof n === 'number' && Number.isFinite(n);
}

function place(item: DesignItem, left: number, top: number): DesignItem {
  const l = round1(clamp(left, LIMITS.minCoord, LIMITS.maxCoord));
  const t = round1(clamp(top, LIMITS.minCoord, LIMITS.maxCoord));
  return l === item.left && t === item.top ? item : { ...item, left: l, top: t };
}

/** Normalises to -180..180 so stored documents stay within the validated range. */
function normaliseAngle(degrees: number): number {
  return round1((((degrees % 360) + 540) % 360) - 180);
}

export const moveBy = defineCommand<{ id?: string; dx: number; dy: number }>({
  name: 'moveBy',
  history: true,
  keyTest: (e) => e.key in ARROWS && !isMod(e) && !e.altKey,
  keyArgs: (e) => {
    const [x, y] = ARROWS[e.key] ?? [0, 0];
    const step = e.shiftKey ? NUDGE * 10 : NUDGE;
    return { dx: x * step, dy: y * step };
  },
  perform(doc, args) {
    const id = targetId(doc, args);
    if (id === undefined || !finite(args?.dx) || !finite(args?.dy)) return doc;
    return updateItem(doc, id, (item) =>
      item.type === 'bg' ? item : place(item, item.left + args.dx, item.top + args.dy),
    );
  },
});

/** Places an item's top-left corner (a drag ends with this). */
export const moveTo = defineCommand<{ id?: string; left: number; top: number }>({
  name: 'moveTo',
  history: true,
  trackEvent: { action: 'move_item' },
  perform(doc, args) {
    const id = targetId(doc, args);
    if (id === undefined || !finite(args?.left) || !finite(args?.top)) return doc;
    return updateItem(doc, id, (item) => (item.type === 'bg' ? item : place(item, args.left, args.top)));
  },
});

/**
 * Resizes an item to a new height keeping its aspect (Transformer handles end with this). A text or emoji item
 * takes the height as its font size; its width follows from measuring. A Transformer gesture also passes the
 * new rotation, so one gesture is one undo step.
 */
export const resize = defineCommand<{
  id?: string;
  height: number;
  left?: number;
  top?: number;
  rotation?: number;
}>({
  name: 'resize',
  history: true,
  trackEvent: { action: 'resize_item' },
  perform(doc, args) {
    const id = targetId(doc, args);
    if (id === undefined || !finite(args?.height)) return doc;
    return updateItem(doc, id, (item) => {
      if (item.type === 'bg') return item;
      const textLike = item.type === 'text' || item.type === 'smile';
      const min = textLike ? LIMITS.minFontSize : LIMITS.minHeight;
      const max = textLike ? LIMITS.maxFontSize : LIMITS.maxHeight;
      const height = Math.round(clamp(args.height, min, max));
      const ratio = item.height > 0 ? item.width / item.height : 1;
      const sized: DesignItem = textLike
        ? { ...item, font_size: height, height, width: Math.round(height * ratio) }
        : { ...item, height, width: Math.min(LIMITS.maxWidth, Math.round(height * ratio)) };
      if (finite(args.rotation)) sized.rotation = normaliseAngle(args.rotation);
      return place(sized, finite(args.left) ? args.left : item.left, finite(args.top) ? args.top : item.top);
    });
  },
});

export const rotate = defineCommand<{ id?: string; rotation: number }>({
  name: 'rotate',
  history: true,
  trackEvent: { action: 'rotate_item' },
  perform(doc, args) {
    const id = targetId(doc, args);
    if (id === undefined || !finite(args?.rotation)) return doc;
    const rotation = normaliseAngle(args.rotation);
    return updateItem(doc, id, (item) =>
      item.type === 'bg' || item.rotation === rotation ? item : { ...item, rotation },
    );
  },
});
