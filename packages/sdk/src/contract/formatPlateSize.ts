/**
 * Issue 13: one size notation wherever a shopper reads a size: '520x110' (the size id, as attributes carry it)
 * becomes '520 × 110 mm'. Anything that is not a width-by-height pair ('parkplatz', a colour) is returned as it is,
 * so a list of attribute values can be passed through without knowing which attribute it came from; a value that is
 * not text (a missing attribute's undefined) is passed through too.
 *
 * @example
 * formatPlateSize('520x110'); // '520 × 110 mm'
 * formatPlateSize('Standard'); // 'Standard'
 */
export function formatPlateSize(value: string): string {
  const match = typeof value === 'string' && /^(\d{2,4}) ?[x×X] ?(\d{2,4})(?: ?mm)?$/.exec(value);
  return match ? `${match[1]} × ${match[2]} mm` : value;
}
