import { glyphPath } from './glyphs';
import type { Box } from './layoutTypes';

const n = (v: number) => String(Math.round(v * 100) / 100);

/** A five-pointed star centred on (cx, cy), pointing up. */
function star(cx: number, cy: number, r: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const radius = i % 2 === 0 ? r : r * 0.382;
    points.push(`${n(cx + radius * Math.cos(a))} ${n(cy + radius * Math.sin(a))}`);
  }
  return `M${points.join('L')}Z`;
}

/** The EU band: blue field, 12 yellow stars in a circle, the country code D in white (drawn as a path). */
export function euBandSvg(band: Box, radiusMm: number): string {
  const cx = band.x + band.width / 2;
  const cy = band.y + band.height * 0.3;
  const ring = band.width * 0.3;
  const stars = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    return star(cx + ring * Math.sin(a), cy - ring * Math.cos(a), band.width * 0.055);
  }).join('');
  const dHeight = band.width * 0.5;
  const dWidth = dHeight * 0.72;
  const d = glyphPath('D', {
    x: cx - dWidth / 2,
    y: band.y + band.height * 0.88 - dHeight,
    width: dWidth,
    height: dHeight,
    stroke: dHeight * 0.15,
  });
  // The band's left corners follow the plate's rounded rim.
  const r = Math.min(radiusMm, band.width / 2);
  const field = `M${n(band.x + r)} ${n(band.y)}H${n(band.x + band.width)}V${n(band.y + band.height)}H${n(band.x + r)}Q${n(band.x)} ${n(band.y + band.height)} ${n(band.x)} ${n(band.y + band.height - r)}V${n(band.y + r)}Q${n(band.x)} ${n(band.y)} ${n(band.x + r)} ${n(band.y)}Z`;
  return [
    `<g class="eu-band"><path d="${field}" fill="#003399"/>`,
    `<path d="${stars}" fill="#ffcc00"/>`,
    `<path d="${d}" fill="none" stroke="#ffffff" stroke-width="${n(dHeight * 0.15)}" stroke-linejoin="miter" stroke-miterlimit="1.5"/></g>`,
  ].join('');
}
