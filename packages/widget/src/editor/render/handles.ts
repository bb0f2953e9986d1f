/**
 * Where the Transformer's handles go so that a finger (or mouse) can reach each one inside the stage. Konva 9 puts
 * the rotate handle on the box's own "up" side, `rotateAnchorOffset` px beyond the padded edge, and its angle
 * maths needs it on that side of the centre. The full strip height is always in view and an item may sit at its
 * top, so the offset shrinks until the handle is on screen (into the box if it must); the corner handles drop
 * their `padding` when it would push them off. All in screen px.
 */
export interface ScreenBox {
  /** Centre. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Degrees, clockwise. */
  rotation: number;
}

export interface HandleStyle {
  /** Drawn size of a handle. */
  anchor: number;
  /** Hit size of a handle (what a finger must miss to grab the item). */
  hit: number;
  padding: number;
}

export interface HandleFit {
  padding: number;
  rotateAnchorOffset: number;
}

/** Konva's own default distance of the rotate handle from the box. */
const ROTATE_OFFSET = 50;

/** Screen positions of the four corner handles and the rotate handle (the last). */
export function handlePoints(box: ScreenBox, fit: HandleFit): { x: number; y: number }[] {
  const rad = (box.rotation * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const at = (dx: number, dy: number) => ({ x: box.x + dx * cos - dy * sin, y: box.y + dx * sin + dy * cos });
  const w = box.width / 2 + fit.padding;
  const h = box.height / 2 + fit.padding;
  return [at(-w, -h), at(w, -h), at(w, h), at(-w, h), at(0, -h - fit.rotateAnchorOffset)];
}

export function fitHandles(
  box: ScreenBox,
  stage: { width: number; height: number },
  style: HandleStyle,
): HandleFit {
  const inside = (p: { x: number; y: number }, m: number) =>
    p.x >= m && p.y >= m && p.x <= stage.width - m && p.y <= stage.height - m;
  // A finger on the item's middle must grab the item, not a handle's hit area.
  const free = style.hit / 2 + 6;
  // Corners: padded, unless that pushes a round handle off the stage and the box's own corners leave the middle
  // free (a small item keeps its padding).
  const padded = handlePoints(box, { padding: style.padding, rotateAnchorOffset: 0 }).slice(0, 4);
  const padding =
    padded.every((p) => inside(p, style.anchor / 2)) || Math.hypot(box.width, box.height) / 2 < free
      ? style.padding
      : 0;
  // Rotate handle: the farthest along the box's "up" it can go (at most Konva's 50 px) with the whole round handle
  // on the stage, into the box if it must, but never over the middle.
  const margin = style.anchor / 2 + 2;
  const rad = (box.rotation * Math.PI) / 180;
  const up = { x: Math.sin(rad), y: -Math.cos(rad) };
  let reach = Number.POSITIVE_INFINITY;
  const limit = (from: number, u: number, size: number) => {
    if (u > 1e-6) reach = Math.min(reach, (size - margin - from) / u);
    else if (u < -1e-6) reach = Math.min(reach, (margin - from) / u);
  };
  limit(box.x, up.x, stage.width);
  limit(box.y, up.y, stage.height);
  const edge = box.height / 2 + padding;
  return { padding, rotateAnchorOffset: Math.max(free, Math.min(edge + ROTATE_OFFSET, reach)) - edge };
}
