import type { Product, ProductVariant } from '@lp/sdk/contract';
import { FREE_TEXT_LIMITS } from '@lp/sdk/plates';
import { CATEGORY } from './categories';
import { euro, fontColours, sizeLabel, slug } from './helpers';
import { simpleProduct } from './simpleProduct';

/**
 * The text a product's picture shows (storefront productPicture.ts draws fun plates, parking signs and name plates
 * from it); a parameter, not an attribute, because the shopper types their own.
 */
const sample = (Value: string) => ({ Key: 'Beispieltext', Value });

/** Variants of a plate-look product without official kinds: one per size, kind always 'Standard'. */
function sizeVariants(code: string, name: string, sizes: string[], price: number): ProductVariant[] {
  return sizes.map((size) => ({
    UniqueId: `${code}-${size}`,
    Title: `${name} ${sizeLabel(size)}`,
    Description: `<p>${name} im Format ${sizeLabel(size)}.</p>`,
    Attributes: { 'Kennzeichen-Art': 'Standard', Kennzeichengröße: size },
    Price: euro(price),
  }));
}

/**
 * FKZ-001, alias `funschild` (route /funschild): free text in plate look. It lives in the main category only,
 * the one main-category-only product spec 4 still allows in the upsell list.
 */
const funschild = simpleProduct({
  code: 'FKZ-001',
  alias: 'funschild',
  name: 'Funschild',
  title: 'Funschild mit Wunschtext im Kennzeichen-Look',
  price: 14.9,
  plateType: 'Funschild',
  categories: [CATEGORY.main],
  paragraphs: [
    'Das <strong>Funschild</strong> sieht aus wie ein echtes Kennzeichen, trägt aber Ihren freien Wunschtext – ' +
      'ideal als Geschenk, für die Garage, den Partykeller oder das Kinderzimmer.',
    'Nicht für den Straßenverkehr zugelassen.',
  ],
  // The promise comes from the rule the cart checks, so the page never promises more or less than it accepts.
  bullets: [
    `Freier Text bis ${FREE_TEXT_LIMITS.fun.perLine} Zeichen`,
    'Geprägt wie ein Original',
    'Vier Schriftfarben zur Auswahl',
  ],
  metaDescription: 'Funschild mit Wunschtext ab 14,90 € – geprägt wie ein echtes Kennzeichen.',
  attributes: { 'Kennzeichen-Art': 'Standard', Kennzeichengröße: '520x110' },
  parameters: [...fontColours('Schwarz', 'Rot', 'Blau', 'Grün'), sample('MEIN AUTO')],
  variants: sizeVariants('FKZ-001', 'Funschild', ['520x110', '460x110', '340x200'], 14.9),
});

/** FKZ-002..: themed fun plates, one size each. [name, size, price, theme sentence, colours, picture text] */
const FUN_THEMES: [string, string, number, string, string[], string][] = [
  [
    'Bobbycar-Kennzeichen',
    '240x130',
    9.9,
    'das eigene Kennzeichen für Bobbycar und Kinderfahrzeug',
    ['Schwarz'],
    'PAULA 1',
  ],
  [
    'Kinderfahrrad-Kennzeichen',
    '180x200',
    8.9,
    'ein echter Hingucker am Kinderfahrrad',
    ['Schwarz', 'Blau', 'Rot'],
    'LEON',
  ],
  [
    'Hochzeitskennzeichen „Just Married“',
    '520x110',
    16.9,
    'der Klassiker für das Hochzeitsauto',
    ['Schwarz'],
    'JUST MARRIED',
  ],
  [
    'Geburtstagsschild',
    '520x110',
    14.9,
    'das Geschenk zum runden Geburtstag',
    ['Schwarz', 'Rot'],
    'HAPPY 50',
  ],
  ['Rentner-Kennzeichen', '520x110', 14.9, 'mit einem Augenzwinkern zum Ruhestand', ['Schwarz'], 'RENTNER'],
  [
    'Fußballfan-Kennzeichen',
    '520x110',
    14.9,
    'für Fans mit Vereinsfarben und Lieblingsspieler',
    ['Schwarz', 'Blau'],
    'FANKURVE 1',
  ],
  [
    'Funschild im US-Stil',
    '340x200',
    19.9,
    'im Stil amerikanischer Nummernschilder',
    ['Schwarz', 'Blau'],
    'ROUTE 66',
  ],
  [
    'Garagenschild im Kennzeichen-Look',
    '520x110',
    17.9,
    'für Garage, Werkstatt oder Hobbyraum',
    ['Schwarz'],
    'GARAGE',
  ],
  [
    'Oldtimer-Funschild',
    '520x110',
    17.9,
    'im Nostalgie-Look für Sammler und Oldtimerfans',
    ['Schwarz'],
    'OLDIE 1965',
  ],
  [
    'Funschild Motorrad',
    '220x200',
    12.9,
    'zweizeilig für Bikerstammtisch und Werkstatt',
    ['Schwarz', 'Rot'],
    'BIKER',
  ],
  [
    'Führerschein-Geschenkschild',
    '520x110',
    14.9,
    'zur bestandenen Führerscheinprüfung',
    ['Schwarz', 'Grün'],
    'BESTANDEN',
  ],
];

const themedFunPlates: Product[] = FUN_THEMES.map(([name, size, price, theme, colours, picture], i) =>
  simpleProduct({
    code: `FKZ-${String(i + 2).padStart(3, '0')}`,
    alias: slug(name),
    name,
    title: `${name} mit Wunschtext`,
    price,
    plateType: 'Funschild',
    categories: [CATEGORY.fun],
    paragraphs: [
      `Das <strong>${name}</strong> – ${theme}. Ihr Wunschtext wird wie bei einem echten Kennzeichen geprägt.`,
      'Nicht für den Straßenverkehr zugelassen.',
    ],
    bullets: [`Format: ${sizeLabel(size)}`, 'Aluminium, reflektierend'],
    metaDescription: `${name} mit Wunschtext ab ${price.toFixed(2).replace('.', ',')} € – schnell geliefert.`,
    attributes: { 'Kennzeichen-Art': 'Standard', Kennzeichengröße: size },
    parameters: [...fontColours(...colours), sample(picture)],
  }),
);

/** PPS-001, alias `parkplatzschild` (route /parkplatzschild): free text, size id `parkplatz`. */
const parkingVariant = (suffix: string, mounting: string, price: number): ProductVariant => ({
  UniqueId: `PPS-001-parkplatz-${suffix}`,
  Title: `Parkplatzschild, ${mounting}`,
  Description: `<p>Parkplatzschild mit Wunschtext, ${mounting}.</p>`,
  Attributes: { 'Kennzeichen-Art': 'Standard', Kennzeichengröße: 'parkplatz', Montage: mounting },
  Price: euro(price),
});

const parkingSigns: Product[] = [
  simpleProduct({
    code: 'PPS-001',
    alias: 'parkplatzschild',
    name: 'Parkplatzschild',
    title: 'Parkplatzschild mit Kennzeichen oder Wunschtext',
    price: 24.9,
    plateType: 'Parkplatzschild',
    categories: [CATEGORY.parking],
    paragraphs: [
      'Das <strong>Parkplatzschild</strong> reserviert Ihren Stellplatz – mit Ihrem Kennzeichen, Namen oder ' +
        'einem freien Text, wetterfest aus Aluminium.',
    ],
    bullets: ['Wetterfest und UV-beständig', 'Wandmontage oder mit Pfosten', 'Freier Text'],
    metaDescription: 'Parkplatzschild mit Kennzeichen oder Wunschtext ab 24,90 €.',
    attributes: { 'Kennzeichen-Art': 'Standard', Kennzeichengröße: 'parkplatz', Montage: 'Wandmontage' },
    parameters: [...fontColours('Schwarz', 'Blau', 'Rot'), sample('PRIVAT / B-LP 2025')],
    variants: [parkingVariant('WAND', 'Wandmontage', 24.9), parkingVariant('PFOSTEN', 'mit Pfosten', 59.9)],
  }),
  simpleProduct({
    code: 'PPS-002',
    alias: 'parkplatzschild-firmenparkplatz',
    name: 'Parkplatzschild Firmenparkplatz',
    title: 'Parkplatzschild für Firmenparkplätze mit Firmenname',
    price: 29.9,
    plateType: 'Parkplatzschild',
    categories: [CATEGORY.parking],
    paragraphs: [
      'Kennzeichnen Sie Kunden- und Mitarbeiterparkplätze mit einem <strong>Firmenparkplatz-Schild</strong> ' +
        'im Kennzeichen-Look.',
    ],
    bullets: ['Freier Text, z. B. „Nur für Kunden“', 'Wetterfest aus Aluminium'],
    metaDescription: 'Parkplatzschild für Firmen ab 29,90 € – mit Firmenname oder Wunschtext.',
    attributes: { 'Kennzeichen-Art': 'Standard', Kennzeichengröße: 'parkplatz' },
    parameters: [...fontColours('Schwarz'), sample('NUR FÜR KUNDEN / MUSTER GMBH')],
  }),
];

/** Name plates (route /{alias}/configurator): designed, not typed, so they carry no plate text. */
const namePlateVariant = (code: string, name: string, finish: string, price: number): ProductVariant => ({
  UniqueId: `${code}-${slug(finish).toUpperCase()}`,
  Title: `${name}, ${finish}`,
  Description: `<p>${name} in der Ausführung ${finish}.</p>`,
  Attributes: { Ausführung: finish },
  Price: euro(price),
});

const namePlates: Product[] = [
  simpleProduct({
    code: 'NMS-001',
    alias: 'namensschild',
    name: 'Namensschild',
    title: 'Namensschild im Kennzeichen-Look selbst gestalten',
    price: 19.9,
    plateType: 'Namensschild',
    categories: [CATEGORY.namePlates],
    paragraphs: [
      'Das <strong>Namensschild</strong> für Haustür, Büro oder Messestand – im Konfigurator gestaltet.',
    ],
    bullets: ['Aluminium oder Acrylglas', 'Inklusive Klebepads'],
    metaDescription: 'Namensschild selbst gestalten ab 19,90 € – Aluminium oder Acrylglas.',
    attributes: { Ausführung: 'Aluminium' },
    parameters: [...fontColours('Schwarz', 'Weiß', 'Gold'), sample('Familie Muster')],
    variants: [
      namePlateVariant('NMS-001', 'Namensschild', 'Aluminium', 19.9),
      namePlateVariant('NMS-001', 'Namensschild', 'Acrylglas', 24.9),
    ],
  }),
  simpleProduct({
    code: 'NMS-002',
    alias: 'briefkastenschild',
    name: 'Briefkastenschild',
    title: 'Briefkastenschild mit Namen, selbstklebend',
    price: 7.9,
    plateType: 'Namensschild',
    categories: [CATEGORY.namePlates],
    paragraphs: [
      'Das kleine <strong>Briefkastenschild</strong> mit Ihrem Namen, selbstklebend und wetterfest.',
    ],
    bullets: ['Format 70 × 25 mm', 'Selbstklebend'],
    metaDescription: 'Briefkastenschild mit Namen ab 7,90 € – selbstklebend und wetterfest.',
    parameters: [...fontColours('Schwarz'), sample('M. Mustermann')],
  }),
  simpleProduct({
    code: 'NMS-003',
    alias: 'tuerschild',
    name: 'Türschild',
    title: 'Türschild für Praxis, Kanzlei und Büro',
    price: 14.9,
    plateType: 'Namensschild',
    categories: [CATEGORY.namePlates],
    paragraphs: ['Das <strong>Türschild</strong> aus gebürstetem Aluminium für Praxis, Kanzlei und Büro.'],
    bullets: ['Format 150 × 50 mm', 'Mit Abstandshaltern'],
    metaDescription: 'Türschild aus Aluminium ab 14,90 € – für Praxis und Büro.',
    parameters: [...fontColours('Schwarz', 'Weiß'), sample('Praxis Dr. Muster')],
  }),
];

export const funAndSignProducts: Product[] = [funschild, ...themedFunPlates, ...parkingSigns, ...namePlates];
