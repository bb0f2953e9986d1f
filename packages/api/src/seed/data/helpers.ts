/**
 * Small pure helpers the seed data files share: slugs, image URLs, euro rounding and size labels. They exist so
 * repetitive variants are generated, not written out.
 */

/** Rounds to whole cents, so every seeded price has at most two decimals. */
export function euro(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/** URL-safe alias from a German name: umlauts transliterated (ä -> ae, ß -> ss), lower-case, hyphens. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Image URL scheme (docs/reference/demo-catalogue.md): `/images/products/<product code in lower case>.svg`,
 * relative to the shop origin, which serves placeholders under that path.
 */
export function productImage(code: string): string {
  return `/images/products/${code.toLowerCase()}.svg`;
}

/** '520x110' -> '520 × 110 mm'; 'parkplatz' -> 'Parkplatzschild-Format'. */
export function sizeLabel(sizeId: string): string {
  if (sizeId === 'parkplatz') return 'Parkplatzschild-Format';
  const [width, height] = sizeId.split('x');
  return `${width} × ${height} mm`;
}

/** A product's `Schriftfarbe` parameters, one entry per offered colour (spec 2: a choice exists when > 1). */
export function fontColours(...colours: string[]): { Key: string; Value: string }[] {
  return colours.map((Value) => ({ Key: 'Schriftfarbe', Value }));
}

/** Wraps plain sentences into `<p>` paragraphs and an optional bullet list (the only HTML the seed uses). */
export function html(paragraphs: string[], bullets: string[] = []): string {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join('');
  const list = bullets.length > 0 ? `<ul>${bullets.map((b) => `<li>${b}</li>`).join('')}</ul>` : '';
  return body + list;
}
