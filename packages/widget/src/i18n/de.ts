/**
 * Every German text a shopper sees in the widget (CONVENTIONS: German for shopper-facing labels). Plate
 * validation messages come from `validatePlate` in `@lp/sdk/plates`, not from here.
 */
export const de = {
  plateText: 'Kennzeichen',
  plateTextHint: 'z. B. B-AB 123',
  kind: 'Kennzeichen-Art',
  kinds: {
    standard: 'Standard',
    E: 'E-Kennzeichen',
    H: 'H-Kennzeichen',
    season: 'Saisonkennzeichen',
    'H+season': 'H + Saison',
    'E+season': 'E + Saison',
  },
  bannerKinds: { standard: 'Standard', E: 'E', H: 'H', season: 'Saison' },
  season: 'Saisonzeitraum',
  seasonStart: 'Von',
  seasonEnd: 'Bis',
  size: 'Kennzeichengröße',
  recommended: 'Empfohlen',
  notOffered: 'für dieses Produkt nicht erhältlich',
  twoLines: 'zweizeilig',
  quantity: 'Menge',
  quantityHint: '2 Stück = ein Paar (vorne und hinten)',
  less: 'Ein Schild weniger',
  more: 'Ein Schild mehr',
  colour: 'Schriftfarbe',
  price: 'Preis',
  /** After the unit price. PAngV § 6 (3) (Art. 246a § 1 (1) no. 4 EGBGB): VAT included, shipping on top. */
  each: 'je Stück, inkl. MwSt., zzgl. Versand',
  addToCart: 'In den Warenkorb',
  adding: 'Wird hinzugefügt …',
  added: 'Zum Warenkorb hinzugefügt.',
  cartCount: (count: number) => `${count} Artikel im Warenkorb`,
  toCart: 'Zum Warenkorb',
  preview: 'Vorschau',
  /** `text` comes trimmed, so only an empty text leaves a space to trim. */
  previewLabel: (text: string) => `Vorschau des Kennzeichens ${text}`.trim(),
  loading: 'Produkt wird geladen …',
  errors: {
    product: 'Das Produkt konnte nicht geladen werden. Bitte versuchen Sie es später erneut.',
    variant: 'Diese Kombination aus Kennzeichen-Art und Größe ist leider nicht erhältlich.',
    add: 'Das Kennzeichen konnte nicht in den Warenkorb gelegt werden. Bitte versuchen Sie es erneut.',
    cartFull: 'Ihr Warenkorb ist voll. Bitte entfernen Sie erst eine Position.',
    network:
      'Keine Verbindung zum Shop. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
    'origin-not-allowed': 'Der Konfigurator ist auf dieser Seite noch nicht freigeschaltet.',
  },
  /** Accessible name of `<lp-cart-button>`. */
  cartButton: (count: number) => `Warenkorb, ${count ? `${count} Artikel` : 'leer'}`,
  banner: {
    heading: 'Ihr Wunschkennzeichen',
    type: 'Art',
    cta: 'Jetzt konfigurieren',
  },
} as const;
