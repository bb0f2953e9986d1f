import type { Product } from '@lp/sdk/contract';
import { ATTR } from '@lp/sdk/contract';

/** Parameter holding the text a design's picture shows (fun plates, parking signs, name plates; seed data). */
export const SAMPLE_TEXT_KEY = 'Beispieltext';

const WITH_PLATE = new Set(['Auto', 'Motorrad', 'Kennzeichenhalter']);

/**
 * The German alt text of a product's picture (productPicture.ts draws it): what it shows, never the product
 * code, never the bare name (beside a card's heading that would be redundant). Kept apart from the drawing, which
 * needs the plate rules, so cards in the browser stay light.
 *
 * @example
 * pictureAlt(kfz); // 'Kfz-Kennzeichen, 520 × 110 mm, mit Beispielkennzeichen'
 */
export function pictureAlt(product: Pick<Product, 'Name' | 'Attributes' | 'Parameters'>): string {
  const attributes = product.Attributes ?? {};
  const sample = product.Parameters?.find((p) => p.Key === SAMPLE_TEXT_KEY)?.Value;
  const mm = /^\d+x\d+$/.test(attributes[ATTR.plateSize] ?? '')
    ? `${attributes[ATTR.plateSize]?.replace('x', ' × ')} mm`
    : '';
  // Holder names end with their size ('… schwarz 520 × 110 mm'): said once.
  const size = mm && !product.Name.includes(mm) ? `, ${mm}` : '';
  if (attributes.Bedruckbar === 'ja') return `${product.Name}, mit Kennzeichen und markierter Druckfläche`;
  if (sample) return `${product.Name}${size}, mit Beispieltext „${sample}“`;
  if (WITH_PLATE.has((attributes[ATTR.plateType] ?? '').replace(' ', '')))
    return `${product.Name}${size}, mit Beispielkennzeichen`;
  return `Produktbild ${product.Name}`;
}
