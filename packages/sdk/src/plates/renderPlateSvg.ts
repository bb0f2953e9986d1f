import { requireObject } from '../services/requireParam';
import { escapeXml } from './escapeXml';
import { euBandSvg } from './euBand';
import { EM, charWidthEm } from './geometry';
import { glyphPath } from './glyphs';
import { layoutPlate } from './layoutPlate';
import type { PlateLayout } from './layoutTypes';
import { textColour } from './plateColours';
import type { PlateKind, PlateSizeId, Season } from './types';

export interface RenderPlateOptions {
  text: string;
  kind: PlateKind;
  season?: Season;
  size: PlateSizeId;
  /** Schriftfarbe name (Schwarz, Rot, Grün, Blau) or hex colour. @default 'Schwarz' */
  colour?: string;
  /** Draw the places of the inspection and registration seals (never on free text). @default true */
  seals?: boolean;
  /** Fun plate or parking sign. @default false */
  freeText?: boolean;
  /** Accessible name; defaults to „Kennzeichen B-AB 123“ or „Schild …“ for free text. */
  title?: string;
}

const n = (v: number) => String(Math.round(v * 100) / 100);

function strokes(d: string, colour: string, width: number): string {
  return d
    ? `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${n(width)}" stroke-linejoin="miter" stroke-miterlimit="1.5"/>`
    : '';
}

/** The lettering: one path per stroke width, so a plate is a handful of elements. */
function glyphsSvg(layout: PlateLayout, colour: string): string {
  const byStroke = new Map<number, string>();
  for (const g of layout.glyphs) {
    const d = glyphPath(g.char, { x: g.x, y: g.y, width: g.width, height: g.height, stroke: g.strokeMm });
    byStroke.set(g.strokeMm, (byStroke.get(g.strokeMm) ?? '') + d);
  }
  return [...byStroke].map(([w, d]) => strokes(d, colour, w)).join('');
}

/** Season field: start month above, end month below a rule, each as two digits. */
function seasonSvg(season: NonNullable<PlateLayout['season']>, colour: string): string {
  const h = season.height * 0.36;
  const stroke = EM.stroke.standard * h;
  const digitW = charWidthEm('0', 'standard') * h * 0.85;
  const gap = EM.track * h;
  const month = (m: number, y: number) =>
    [...String(m).padStart(2, '0')]
      .map((ch, i) => {
        const x = season.x + (season.width - 2 * digitW - gap) / 2 + i * (digitW + gap);
        return glyphPath(ch, { x, y, width: digitW, height: h, stroke });
      })
      .join('');
  const pad = (season.height / 2 - h) / 2;
  const d = month(season.start, season.y + pad) + month(season.end, season.dividerY + pad);
  const rule = `M${n(season.x)} ${n(season.dividerY)}H${n(season.x + season.width)}`;
  return `<g class="season">${strokes(d, colour, stroke)}${strokes(rule, colour, stroke * 0.6)}</g>`;
}

/**
 * The plate as an SVG string at true proportions (viewBox and size in millimetres), the same in the browser
 * and in Node (print files). Safe to insert as markup: every shopper-supplied string is escaped, the colour
 * is reduced to a known hex value. `role="img"` with a `<title>` naming the plate text. Fields of the wrong type
 * fall back as in {@link layoutPlate}; `options` that are not an object are refused with the LpError
 * `invalidParameter`.
 * @example
 * const svg = renderPlateSvg({ text: 'B-AB 123', kind: 'standard', size: '520x110', colour: 'Blau' });
 * svg.startsWith('<svg'); // true
 */
export function renderPlateSvg(options: RenderPlateOptions): string {
  requireObject('options', options);
  const freeText = options.freeText === true || options.size === 'parkplatz';
  const layout = layoutPlate({ ...options, freeText, seals: !freeText && options.seals !== false });
  const colour = textColour(options.colour);
  const { widthMm: w, heightMm: h, border } = layout;
  const defaultTitle = freeText
    ? `Schild ${layout.text.replace(/\n/g, ' / ')}`
    : `Kennzeichen ${layout.text}`;
  const title = escapeXml(typeof options.title === 'string' ? options.title : defaultTitle);
  const seals = layout.seals
    .map(
      (s) =>
        `<circle class="seal-${s.kind}" cx="${n(s.cx)}" cy="${n(s.cy)}" r="${n(s.r)}" fill="none" stroke="#9aa0a6" stroke-width="0.8" stroke-dasharray="2 1.5"/>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n(w)} ${n(h)}" width="${n(w)}mm" height="${n(h)}mm" role="img">`,
    `<title>${title}</title>`,
    `<rect x="${n(border.x)}" y="${n(border.y)}" width="${n(border.width)}" height="${n(border.height)}" rx="${n(border.radiusMm)}" fill="#ffffff"/>`,
    layout.band ? euBandSvg(layout.band, border.radiusMm) : '',
    seals,
    glyphsSvg(layout, colour),
    layout.season ? seasonSvg(layout.season, colour) : '',
    `<rect x="${n(border.x)}" y="${n(border.y)}" width="${n(border.width)}" height="${n(border.height)}" rx="${n(border.radiusMm)}" fill="none" stroke="#000000" stroke-width="${n(border.strokeMm)}"/>`,
    '</svg>',
  ].join('');
}
