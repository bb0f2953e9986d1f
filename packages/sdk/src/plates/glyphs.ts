import { invalidParameter } from '../services/requireParam';

/**
 * The project's own plate lettering: centre lines of strokes drawn with a uniform stroke width, butt caps and
 * mitred joins, modelled on the proportions of the FE-Schrift (tall, uniform stroke, squared curves). Not a
 * copy of any font: every shape below is built from straight lines and quadratic corners on the glyph box.
 * The same shapes serve both widths: narrow lettering is the same skeleton in a narrower box.
 */

/** The glyph box in millimetres and the stroke width. */
export interface GlyphBox {
  x: number;
  y: number;
  width: number;
  height: number;
  stroke: number;
}

const BOX_KEYS = ['x', 'y', 'width', 'height', 'stroke'] as const;

const n = (v: number) => String(Math.round(v * 100) / 100);

type Draw = (g: Pen) => void;

/** Coordinates on the centre-line box: u across (0 left, 1 right), v down (0 top, 1 bottom). */
class Pen {
  private readonly d: string[] = [];
  constructor(
    private readonly l: number,
    private readonly t: number,
    private readonly w: number,
    private readonly h: number,
    /** Corner radius in millimetres. */
    readonly r: number,
  ) {}
  X = (u: number) => this.l + u * this.w;
  Y = (v: number) => this.t + v * this.h;
  /** Corner radius as a fraction of the width and of the height. */
  get ru() {
    return this.r / this.w;
  }
  get rv() {
    return this.r / this.h;
  }
  M(u: number, v: number) {
    this.d.push(`M${n(this.X(u))} ${n(this.Y(v))}`);
    return this;
  }
  L(u: number, v: number) {
    this.d.push(`L${n(this.X(u))} ${n(this.Y(v))}`);
    return this;
  }
  /** A squared curve: quadratic through the corner (cu, cv) to (u, v). */
  Q(cu: number, cv: number, u: number, v: number) {
    this.d.push(`Q${n(this.X(cu))} ${n(this.Y(cv))} ${n(this.X(u))} ${n(this.Y(v))}`);
    return this;
  }
  Z() {
    this.d.push('Z');
    return this;
  }
  /** Closed rectangle with squared round corners between (u0, v0) and (u1, v1). */
  box(u0: number, v0: number, u1: number, v1: number) {
    const a = this.ru;
    const b = Math.min(this.rv, (v1 - v0) / 2);
    return this.M(u0 + a, v0)
      .L(u1 - a, v0)
      .Q(u1, v0, u1, v0 + b)
      .L(u1, v1 - b)
      .Q(u1, v1, u1 - a, v1)
      .L(u0 + a, v1)
      .Q(u0, v1, u0, v1 - b)
      .L(u0, v0 + b)
      .Q(u0, v0, u0 + a, v0)
      .Z();
  }
  /** Continues from the stem at the top (v0) round a bowl on the right back to the stem at v1 (B, D, P, R). */
  bowlFrom(v0: number, v1: number, u1: number) {
    const a = this.ru;
    const b = Math.min(this.rv, (v1 - v0) / 2);
    return this.L(u1 - a, v0)
      .Q(u1, v0, u1, v0 + b)
      .L(u1, v1 - b)
      .Q(u1, v1, u1 - a, v1)
      .L(0, v1);
  }
  toString() {
    return this.d.join('');
  }
}

const MID = 0.47;

const C_SHAPE: Draw = (g) =>
  g
    .M(1, g.rv * 0.9)
    .Q(1, 0, 1 - g.ru, 0)
    .L(g.ru, 0)
    .Q(0, 0, 0, g.rv)
    .L(0, 1 - g.rv)
    .Q(0, 1, g.ru, 1)
    .L(1 - g.ru, 1)
    .Q(1, 1, 1, 1 - g.rv * 0.9);

const S_SHAPE: Draw = (g) =>
  g
    .M(1, g.rv * 0.8)
    .Q(1, 0, 1 - g.ru, 0)
    .L(g.ru, 0)
    .Q(0, 0, 0, g.rv)
    .L(0, MID - g.rv / 2)
    .Q(0, MID, g.ru, MID)
    .L(1 - g.ru, MID)
    .Q(1, MID, 1, MID + g.rv)
    .L(1, 1 - g.rv)
    .Q(1, 1, 1 - g.ru, 1)
    .L(g.ru, 1)
    .Q(0, 1, 0, 1 - g.rv * 0.8);

const O_SHAPE: Draw = (g) => g.box(0, 0, 1, 1);
const U_SHAPE: Draw = (g) =>
  g
    .M(0, 0)
    .L(0, 1 - g.rv)
    .Q(0, 1, g.ru, 1)
    .L(1 - g.ru, 1)
    .Q(1, 1, 1, 1 - g.rv)
    .L(1, 0);
const A_SHAPE: Draw = (g) => g.M(0, 1).L(0.44, 0).L(0.56, 0).L(1, 1).M(0.17, 0.64).L(0.83, 0.64);

const SHAPES: Readonly<Record<string, Draw>> = {
  A: A_SHAPE,
  // Stem and bowls in one run (and closed), so the outer corners are mitred instead of notched.
  B: (g) => {
    g.M(0, 1).L(0, 0);
    g.bowlFrom(0, MID, 0.94).M(0, MID);
    g.bowlFrom(MID, 1, 1).Z();
  },
  C: C_SHAPE,
  D: (g) => g.M(0, 0).bowlFrom(0, 1, 1).Z(),
  E: (g) => g.M(1, 0).L(0, 0).L(0, 1).L(1, 1).M(0, MID).L(0.86, MID),
  F: (g) => g.M(1, 0).L(0, 0).L(0, 1).M(0, MID).L(0.86, MID),
  G: (g) => {
    C_SHAPE(g);
    g.L(1, 0.55).L(0.52, 0.55);
  },
  H: (g) => g.M(0, 0).L(0, 1).M(1, 0).L(1, 1).M(0, MID).L(1, MID),
  I: (g) => g.M(0.5, 0).L(0.5, 1),
  J: (g) =>
    g
      .M(1, 0)
      .L(1, 1 - g.rv)
      .Q(1, 1, 1 - g.ru, 1)
      .L(g.ru, 1)
      .Q(0, 1, 0, 1 - g.rv)
      .L(0, 0.72),
  K: (g) => g.M(0, 0).L(0, 1).M(1, 0).L(0, 0.6).M(0.3, 0.42).L(1, 1),
  L: (g) => g.M(0, 0).L(0, 1).L(1, 1),
  M: (g) => g.M(0, 1).L(0, 0).L(0.5, 0.62).L(1, 0).L(1, 1),
  N: (g) => g.M(0, 1).L(0, 0).L(1, 1).L(1, 0),
  O: O_SHAPE,
  P: (g) => g.M(0, 1).L(0, 0).bowlFrom(0, 0.55, 1),
  Q: (g) => {
    O_SHAPE(g);
    g.M(0.6, 0.72).L(1, 1);
  },
  R: (g) => g.M(0, 1).L(0, 0).bowlFrom(0, 0.52, 1).M(0.45, 0.52).L(1, 1),
  S: S_SHAPE,
  T: (g) => g.M(0, 0).L(1, 0).M(0.5, 0).L(0.5, 1),
  U: U_SHAPE,
  V: (g) => g.M(0, 0).L(0.44, 1).L(0.56, 1).L(1, 0),
  W: (g) => g.M(0, 0).L(0.2, 1).L(0.5, 0.3).L(0.8, 1).L(1, 0),
  X: (g) => g.M(0, 0).L(1, 1).M(1, 0).L(0, 1),
  Y: (g) => g.M(0, 0).L(0.5, 0.52).L(1, 0).M(0.5, 0.52).L(0.5, 1),
  Z: (g) => g.M(0, 0).L(1, 0).L(0, 1).L(1, 1),
  '0': O_SHAPE,
  '1': (g) => g.M(0.15, 0.22).L(0.62, 0).L(0.62, 1),
  '2': (g) =>
    g
      .M(0, g.rv)
      .Q(0, 0, g.ru, 0)
      .L(1 - g.ru, 0)
      .Q(1, 0, 1, g.rv)
      .L(1, 0.4)
      .L(0, 1)
      .L(1, 1),
  '3': (g) =>
    g
      .M(0, 0)
      .L(1, 0)
      .L(0.42, MID)
      .L(1 - g.ru, MID)
      .Q(1, MID, 1, MID + g.rv)
      .L(1, 1 - g.rv)
      .Q(1, 1, 1 - g.ru, 1)
      .L(0, 1),
  '4': (g) => g.M(0.62, 0).L(0, 0.72).L(1, 0.72).M(0.74, 0.42).L(0.74, 1),
  '5': (g) =>
    g
      .M(1, 0)
      .L(0.02, 0)
      .L(0, 0.45)
      .L(1 - g.ru, 0.45)
      .Q(1, 0.45, 1, 0.45 + g.rv)
      .L(1, 1 - g.rv)
      .Q(1, 1, 1 - g.ru, 1)
      .L(0, 1),
  '6': (g) =>
    g
      .M(0.9, 0)
      .L(g.ru, 0)
      .Q(0, 0, 0, g.rv)
      .L(0, 1 - g.rv)
      .Q(0, 1, g.ru, 1)
      .L(1 - g.ru, 1)
      .Q(1, 1, 1, 1 - g.rv)
      .L(1, MID + g.rv)
      .Q(1, MID, 1 - g.ru, MID)
      .L(0, MID),
  '7': (g) => g.M(0, 0).L(1, 0).L(0.3, 1),
  '8': (g) => g.box(0.05, 0, 0.95, MID).box(0, MID, 1, 1),
  '9': (g) =>
    g
      .M(0.1, 1)
      .L(1 - g.ru, 1)
      .Q(1, 1, 1, 1 - g.rv)
      .L(1, g.rv)
      .Q(1, 0, 1 - g.ru, 0)
      .L(g.ru, 0)
      .Q(0, 0, 0, g.rv)
      .L(0, 0.53 - g.rv)
      .Q(0, 0.53, g.ru, 0.53)
      .L(1, 0.53),
  '-': (g) => g.M(0.05, 0.55).L(0.95, 0.55),
};

const UMLAUTS: Readonly<Record<string, string>> = { Ä: 'A', Ö: 'O', Ü: 'U' };

/** Characters the lettering can draw (a space is drawn as nothing). */
export const GLYPH_CHARS = `${Object.keys(SHAPES).join('')}ÄÖÜ `;

/** Whether the lettering has a glyph for `ch` (false for anything that is not one character of text). */
export function hasGlyph(ch: string): boolean {
  return typeof ch === 'string' && ch.length === 1 && GLYPH_CHARS.includes(ch);
}

/**
 * SVG path data (centre lines, to be stroked with `box.stroke`) for one character in its box, in the box's
 * units; '' for a space or a character without a glyph. A `ch` that is not text, or a box whose five numbers are not
 * all finite, is refused with the LpError `invalidParameter` (rather than a path of 'NaN').
 * @example
 * glyphPath('H', { x: 0, y: 0, width: 47.5, height: 75, stroke: 10 }); // 'M5 5L5 70M42.5 5L42.5 70M5 …'
 */
export function glyphPath(ch: string, box: GlyphBox): string {
  if (typeof ch !== 'string') throw invalidParameter('ch');
  if (!BOX_KEYS.every((key) => Number.isFinite(box?.[key]))) throw invalidParameter('box');
  // hasGlyph first: one character, so no lookup below reaches Object.prototype ('constructor').
  if (!hasGlyph(ch)) return '';
  const s = box.stroke;
  const base = UMLAUTS[ch];
  const draw = SHAPES[base ?? ch];
  if (!draw) return '';
  // Umlauts: the letter is shortened to make room for the two dots inside the same height (as on plates).
  const top = base ? box.height * 0.24 : 0;
  const l = box.x + s / 2;
  const t = box.y + top + s / 2;
  const w = box.width - s;
  const h = box.height - top - s;
  const pen = new Pen(l, t, w, h, Math.min(w, h) * 0.3);
  draw(pen);
  let d = pen.toString();
  if (base) {
    const dot = (u: number) => `M${n(l + u * w)} ${n(box.y)}L${n(l + u * w)} ${n(box.y + box.height * 0.13)}`;
    d += dot(0.2) + dot(0.8);
  }
  return d;
}
