/**
 * spec 2: the information pages, each backed by the article of the same alias. 'barrierefreiheit' is the
 * accessibility statement a German shop owes under the BFSG (§ 14 with Anlage 3); the spec is silent on it, so it
 * is decided in docs/reference/decisions.md ("Erklärung zur Barrierefreiheit").
 */
export const INFO_PAGES = [
  'impressum',
  'datenschutz',
  'agb',
  'uber-uns',
  'zahlung-und-versand',
  'widerrufsrecht',
  'kontakt',
  'barrierefreiheit',
] as const;
