/** spec 2: the information pages, each backed by the article of the same alias. */
export const INFO_PAGES = [
  'impressum',
  'datenschutz',
  'agb',
  'uber-uns',
  'zahlung-und-versand',
  'widerrufsrecht',
  'kontakt',
] as const;
