import { ALIGN_LEFT, ALIGN_RIGHT_EDGE, CANVAS_CENTRE, CANVAS_HEIGHT, CANVAS_WIDTH } from './constants';
import type { Box } from './geometry';

/** A guide line to show while dragging, in canvas coordinates. */
export interface Guide {
  orientation: 'vertical' | 'horizontal';
  /** x of a vertical line, y of a horizontal one. */
  position: number;
}

export interface SnapResult {
  dx: number;
  dy: number;
  guides: Guide[];
}

/** Vertical snap lines: the left margin, the centre line and the right edge of spec 9. */
export const SNAP_X = [ALIGN_LEFT, CANVAS_CENTRE, ALIGN_RIGHT_EDGE] as const;
/** Horizontal snap lines: the top, middle and bottom of the print area. */
export const SNAP_Y = [0, CANVAS_HEIGHT / 2, CANVAS_HEIGHT] as const;

function nearest(edges: number[], targets: readonly number[], threshold: number) {
  let best: { delta: number; target: number } | undefined;
  for (const edge of edges) {
    for (const target of targets) {
      const delta = target - edge;
      if (Math.abs(delta) <= threshold && (!best || Math.abs(delta) < Math.abs(best.delta))) {
        best = { delta, target };
      }
    }
  }
  return best;
}

/**
 * Where a dragged box should snap: its left edge, centre or right edge to the vertical lines, its top, middle or
 * bottom to the horizontal ones, within `threshold` canvas pixels. Pure, so it is unit tested without a canvas.
 */
export function snapBox(box: Box, threshold = 24): SnapResult {
  const cx = (box.left + box.right) / 2;
  const cy = (box.top + box.bottom) / 2;
  const x = nearest([box.left, cx, box.right], SNAP_X, threshold);
  const y = nearest([box.top, cy, box.bottom], SNAP_Y, threshold);
  const guides: Guide[] = [];
  if (x) guides.push({ orientation: 'vertical', position: x.target });
  if (y) guides.push({ orientation: 'horizontal', position: y.target });
  return { dx: x?.delta ?? 0, dy: y?.delta ?? 0, guides };
}

/** The points of a guide line across the whole canvas, for Konva.Line. */
export function guidePoints(guide: Guide): number[] {
  return guide.orientation === 'vertical'
    ? [guide.position, 0, guide.position, CANVAS_HEIGHT]
    : [0, guide.position, CANVAS_WIDTH, guide.position];
}
