import type { Product } from '@lp/sdk/contract';
import { ATTR } from '@lp/sdk/contract';
import {
  type PlateKind,
  type PlateSizeId,
  escapeXml,
  getPlateSize,
  kindFromKennzeichenArt,
  renderPlateSvg,
  textColour,
  validatePlate,
} from '@lp/sdk/plates';
import { SAMPLE_TEXT_KEY, pictureAlt } from './pictureAlt';

/**
 * Issue 13 "real product pictures": every product picture is drawn from the product itself: official plates by
 * the plate renderer with a sample registration in the product's size and kind, fun plates and parking signs from
 * their design text, holders around a plate with their print area, name plates in their finish. All pictures
 * share one 2:1 canvas, so cards and galleries reserve the same box (no layout shift) whatever the product.
 */
export const PICTURE_WIDTH = 640;
export const PICTURE_HEIGHT = 320;

/** Sample registrations, longest first: the first that is valid in the product's size and kind is shown. */
const SAMPLE_PLATES = ['B-LP 2025', 'B-LP 25', 'M-K 12', 'B-A 1'];
const FUN_FALLBACK = 'WUNSCHTEXT';
const PARKING_FALLBACK = 'PRIVAT\nPARKPLATZ';

const HOLDER_COLOURS: Record<string, string> = {
  schwarz: '#1d1d1b',
  weiß: '#f4f4f4',
  silber: '#b9bec4',
  chrom: '#d7dde3',
  rot: '#c8102e',
  blau: '#1f5fbf',
  dunkelblau: '#0b2a5b',
  grün: '#1e8a4c',
  gelb: '#f2c500',
  orange: '#ee7b1a',
  pink: '#e5498f',
  lila: '#7a3fa0',
  grau: '#70757a',
  gold: '#c9a227',
};

const n = (v: number) => String(Math.round(v * 100) / 100);
const attr = (product: Product, key: string) => product.Attributes?.[key]?.trim() ?? '';
const parameter = (product: Product, key: string) =>
  product.Parameters?.find((p) => p.Key === key)?.Value?.trim() ?? '';
const firstColour = (product: Product) => parameter(product, ATTR.fontColour) || 'Schwarz';

function sizeOf(product: Product): PlateSizeId {
  const size = getPlateSize(attr(product, ATTR.plateSize));
  return size?.id ?? '520x110';
}

function sampleRegistration(kind: PlateKind, size: PlateSizeId): string {
  const season = { start: 4, end: 10 };
  return (
    SAMPLE_PLATES.find((text) => validatePlate({ text, kind, size, season }).ok) ??
    (SAMPLE_PLATES[SAMPLE_PLATES.length - 1] as string)
  );
}

/** The renderer's plate (sized in mm) placed at a box of the canvas, keeping its proportions. */
function placePlate(svg: string, box: { x: number; y: number; width: number; height: number }): string {
  return svg.replace(
    /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" (viewBox="[^"]*") width="[^"]*" height="[^"]*" role="img">/,
    `<svg $1 x="${n(box.x)}" y="${n(box.y)}" width="${n(box.width)}" height="${n(box.height)}" preserveAspectRatio="xMidYMid meet">`,
  );
}

/** Fits a w:h shape into the canvas with a margin, centred. */
function fit(widthMm: number, heightMm: number, margin: number) {
  const scale = Math.min((PICTURE_WIDTH - 2 * margin) / widthMm, (PICTURE_HEIGHT - 2 * margin) / heightMm);
  const width = widthMm * scale;
  const height = heightMm * scale;
  return { x: (PICTURE_WIDTH - width) / 2, y: (PICTURE_HEIGHT - height) / 2, width, height, scale };
}

function canvas(body: string, title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_WIDTH}" height="${PICTURE_HEIGHT}" viewBox="0 0 ${PICTURE_WIDTH} ${PICTURE_HEIGHT}" role="img"><title>${escapeXml(title)}</title><rect width="${PICTURE_WIDTH}" height="${PICTURE_HEIGHT}" fill="#eef3f8"/>${body}</svg>`;
}

function plateDims(size: PlateSizeId) {
  const known = getPlateSize(size);
  return { w: known?.widthMm ?? 520, h: known?.heightMm ?? 110 };
}

function officialPlate(product: Product): string {
  const size = sizeOf(product);
  const kind = kindFromKennzeichenArt(attr(product, ATTR.plateKind)) ?? 'standard';
  const text = sampleRegistration(kind, size);
  const { w, h } = plateDims(size);
  const plate = renderPlateSvg({
    text,
    kind,
    size,
    season: { start: 4, end: 10 },
    colour: firstColour(product),
  });
  return placePlate(plate, fit(w, h, 24));
}

function freeTextPlate(product: Product, parking: boolean): string {
  const size: PlateSizeId = parking ? 'parkplatz' : sizeOf(product);
  const sample = parameter(product, SAMPLE_TEXT_KEY).replace(/\s*\/\s*/g, '\n');
  const text = sample || (parking ? PARKING_FALLBACK : FUN_FALLBACK);
  const { w, h } = plateDims(size);
  const plate = renderPlateSvg({
    text,
    kind: 'standard',
    size,
    freeText: true,
    colour: firstColour(product),
  });
  return placePlate(plate, fit(w, h, 24));
}

/** A holder: frame in its colour around a plate; printable holders show their print strip under the plate. */
function holder(product: Product): string {
  const size = sizeOf(product);
  const { w, h } = plateDims(size);
  const printable = attr(product, 'Bedruckbar') === 'ja';
  // The frame is drawn a little wider than life, so a small card still reads as a holder, not a bare plate.
  const rim = 14;
  const strip = printable ? Math.max(48, h * 0.45) : 22;
  const outer = fit(w + 2 * rim, h + rim + strip, 20);
  const s = outer.scale;
  const colour = HOLDER_COLOURS[attr(product, 'Farbe').toLowerCase()] ?? '#1d1d1b';
  const kind: PlateKind = 'standard';
  const plate = renderPlateSvg({ text: sampleRegistration(kind, size), kind, size, seals: false });
  const parts = [
    `<rect x="${n(outer.x)}" y="${n(outer.y)}" width="${n(outer.width)}" height="${n(outer.height)}" rx="${n(4 * s)}" fill="${colour}" stroke="#55595e" stroke-width="1.5"/>`,
    placePlate(plate, { x: outer.x + rim * s, y: outer.y + rim * s, width: w * s, height: h * s }),
  ];
  for (const cx of [outer.x + outer.width * 0.3, outer.x + outer.width * 0.7]) {
    parts.push(`<circle cx="${n(cx)}" cy="${n(outer.y + (rim / 2) * s)}" r="${n(2.5 * s)}" fill="#8a9096"/>`);
  }
  if (printable) {
    const y = outer.y + (rim + h + 3) * s;
    const height = (strip - 6) * s;
    const light = ['weiß', 'silber', 'gelb', 'gold', 'chrom'].includes(attr(product, 'Farbe').toLowerCase());
    const ink = light ? '#1d1d1b' : '#ffffff';
    parts.push(
      `<rect x="${n(outer.x + rim * s)}" y="${n(y)}" width="${n(w * s)}" height="${n(height)}" fill="none" stroke="${ink}" stroke-width="2" stroke-dasharray="8 6"/>`,
      `<text x="${n(PICTURE_WIDTH / 2)}" y="${n(y + height / 2)}" dominant-baseline="central" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="${n(Math.min(26, height * 0.55))}" font-weight="700" fill="${ink}">Druckfläche: Ihr Logo</text>`,
    );
  }
  return parts.join('');
}

/** Name plates: a plate in its finish (brushed aluminium or clear acrylic) with the sample inscription. */
function namePlate(product: Product): string {
  const finish = attr(product, 'Ausführung').toLowerCase();
  const acrylic = finish.includes('acryl');
  const box = fit(3, 1, 40);
  const text = parameter(product, SAMPLE_TEXT_KEY) || product.Name;
  const ink = textColour(firstColour(product)) === '#000000' ? '#1d1d1b' : textColour(firstColour(product));
  const face = acrylic
    ? `<rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.width)}" height="${n(box.height)}" rx="10" fill="#ffffff" fill-opacity="0.55" stroke="#8fb3d9" stroke-width="4"/>`
    : `<defs><linearGradient id="alu" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e9ecef"/><stop offset="0.5" stop-color="#c4c9cf"/><stop offset="1" stop-color="#e1e5e9"/></linearGradient></defs><rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.width)}" height="${n(box.height)}" rx="10" fill="url(#alu)" stroke="#8a9096" stroke-width="2"/>`;
  const screws = [box.x + 18, box.x + box.width - 18]
    .map((cx) => `<circle cx="${n(cx)}" cy="${n(box.y + box.height / 2)}" r="6" fill="#9aa0a6"/>`)
    .join('');
  const size = Math.min(44, (box.width - 80) / Math.max(6, text.length * 0.6));
  return `${face}${screws}<text x="${n(PICTURE_WIDTH / 2)}" y="${n(PICTURE_HEIGHT / 2)}" dominant-baseline="central" text-anchor="middle" font-family="Georgia,'Times New Roman',serif" font-size="${n(size)}" fill="${ink}">${escapeXml(text)}</text>`;
}

/** Accessories: a neutral box with the product's name (never its code). */
function accessory(product: Product): string {
  const words = product.Name.split(/\s+/);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= 20) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const shown = lines.slice(0, 3);
  const longest = Math.max(...shown.map((line) => line.length));
  const size = Math.min(40, 780 / Math.max(10, longest));
  const top = PICTURE_HEIGHT / 2 - ((shown.length - 1) * size * 1.25) / 2;
  const text = shown
    .map(
      (line, i) =>
        `<text x="${PICTURE_WIDTH / 2}" y="${n(top + i * size * 1.25)}" dominant-baseline="central" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="${n(size)}" font-weight="700" fill="#0b3d91">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<rect x="60" y="50" width="520" height="220" rx="24" fill="#ffffff" stroke="#0b3d91" stroke-width="4"/>${text}`;
}

/** The product's picture as an SVG document on the shared 640 × 320 canvas. */
export function productPictureSvg(product: Product): string {
  const type = attr(product, ATTR.plateType).replace(' ', '');
  const body =
    type === 'Auto' || type === 'Motorrad'
      ? officialPlate(product)
      : type === 'Funschild'
        ? freeTextPlate(product, false)
        : type === 'Parkplatzschild'
          ? freeTextPlate(product, true)
          : type === 'Kennzeichenhalter'
            ? holder(product)
            : type === 'Namensschild'
              ? namePlate(product)
              : accessory(product);
  return canvas(body, pictureAlt(product));
}
