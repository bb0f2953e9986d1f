import type { Product } from '@lp/sdk/contract';
import { CATEGORY } from './categories';
import { euro, fontColours, html, productImage, sizeLabel, slug } from './helpers';

/** A holder model made in several colours and sizes; each combination is its own product code. */
interface HolderModel {
  name: string;
  material: string;
  price: number;
  colours: string[];
  sizes: string[];
  features: string[];
}

interface HolderSpec {
  name: string;
  material: string;
  price: number;
  size: string;
  colour: string;
  features: string[];
  categories: number[];
  extraAttributes?: Record<string, string>;
  printable?: boolean;
}

function code(index: number): string {
  return `KZH-${String(index).padStart(3, '0')}`;
}

function holderProduct(index: number, spec: HolderSpec): Product {
  const productCode = code(index);
  // Issue 13: one size notation ('520 × 110 mm') in every text a shopper reads.
  const fullName = `${spec.name} ${spec.colour.toLowerCase()} ${sizeLabel(spec.size)}`;
  return {
    UniqueId: productCode,
    Alias: slug(`${spec.name} ${spec.colour} ${spec.size}`),
    Name: fullName,
    Title: `${spec.name} in ${spec.colour} für ${sizeLabel(spec.size)}`,
    Price: euro(spec.price),
    Currency: 'EUR',
    BaseImages: [productImage(productCode)],
    Description: html(
      [
        `Der <strong>${spec.printable ? 'bedruckbare Kennzeichenhalter' : spec.name}</strong> hält Ihr Kennzeichen im Format ${sizeLabel(spec.size)} sicher und ` +
          'klapperfrei. Passend für alle Fahrzeuge mit Standard-Lochbild.',
      ],
      [`Material: ${spec.material}`, `Farbe: ${spec.colour}`, ...spec.features],
    ),
    Categories: spec.categories.map((UniqueId) => ({ UniqueId })),
    Attributes: {
      Kennzeichentyp: 'Kennzeichenhalter',
      Kennzeichengröße: spec.size,
      Farbe: spec.colour,
      // The size too: the same model comes in several sizes, and each page needs its own title in a search result.
      MetadataProduct: `${spec.name} ${spec.colour} ${sizeLabel(spec.size)} kaufen | Kennzeichen-Profi`,
      MetadataDescription: `${spec.name} in ${spec.colour} für ${sizeLabel(spec.size)} ab ${spec.price
        .toFixed(2)
        .replace('.', ',')} € – schneller Versand.`,
      ...spec.extraAttributes,
    },
    Parameters: [
      { Key: 'Material', Value: spec.material },
      ...(spec.printable ? fontColours('Weiß', 'Schwarz', 'Gold', 'Silber') : []),
    ],
    Variants: [],
    MinQuantity: 1,
  };
}

/** KZH-001..KZH-028: regular holders, one product per (model, colour, size). */
const MODELS: HolderModel[] = [
  {
    name: 'Kennzeichenhalter Classic',
    material: 'Kunststoff (ABS)',
    price: 4.9,
    colours: ['Schwarz', 'Silber'],
    sizes: ['520x110', '460x110'],
    features: ['Inklusive Schrauben', 'Waschanlagenfest'],
  },
  {
    name: 'Kennzeichenhalter rahmenlos',
    material: 'Kunststoff (ABS)',
    price: 6.9,
    colours: ['Schwarz'],
    sizes: ['520x110', '460x110', '420x110', '340x200'],
    features: ['Unsichtbare Halterung ohne Rand', 'Klemmmechanik ohne Werkzeug'],
  },
  {
    name: 'Kennzeichenhalter Edelstahl',
    material: 'Edelstahl V2A, gebürstet',
    price: 19.9,
    colours: ['Silber', 'Schwarz'],
    sizes: ['520x110', '460x110'],
    features: ['Rostfrei', 'Edle Optik für Premiumfahrzeuge'],
  },
  {
    name: 'Kennzeichenhalter Carbon-Optik',
    material: 'Kunststoff mit Carbon-Dekor',
    price: 9.9,
    colours: ['Schwarz'],
    sizes: ['520x110', '460x110'],
    features: ['Sportliche Carbon-Optik', 'UV-beständig'],
  },
  {
    name: 'Kennzeichenhalter Chrom-Optik',
    material: 'Kunststoff, verchromt',
    price: 8.9,
    colours: ['Chrom'],
    sizes: ['520x110', '460x110'],
    features: ['Glänzende Chrom-Oberfläche'],
  },
  {
    name: 'Kennzeichenhalter Motorrad',
    material: 'Aluminium, pulverbeschichtet',
    price: 14.9,
    colours: ['Schwarz', 'Silber'],
    sizes: ['180x200', '220x200', '255x130'],
    features: ['Vibrationsfest', 'Mit Montagematerial'],
  },
  {
    name: 'Kennzeichenhalter zweizeilig',
    material: 'Kunststoff (ABS)',
    price: 7.9,
    colours: ['Schwarz'],
    sizes: ['340x200', '280x200'],
    features: ['Für zweizeilige Kennzeichen an Pkw, Quad und Traktor'],
  },
  {
    name: 'Kennzeichenhalter Klick-Rahmen',
    material: 'Kunststoff (ABS)',
    price: 5.9,
    colours: ['Schwarz', 'Weiß'],
    sizes: ['520x110'],
    features: ['Kennzeichen in Sekunden wechseln', 'Ideal für Wechselkennzeichen'],
  },
  {
    name: 'Kennzeichenhalter Anhänger',
    material: 'Kunststoff (ABS), verstärkt',
    price: 5.9,
    colours: ['Schwarz'],
    sizes: ['520x110', '340x200'],
    features: ['Für Anhänger und Wohnwagen', 'Besonders stoßfest'],
  },
];

/** spec 9: the special variants KZH-029..KZH-041 are the printable holders (B2B page, print editor). */
const PRINT_COLOURS = [
  'Schwarz',
  'Weiß',
  'Silber',
  'Rot',
  'Blau',
  'Dunkelblau',
  'Grün',
  'Gelb',
  'Orange',
  'Pink',
  'Lila',
  'Grau',
  'Gold',
];

const PRINT_FEATURES = [
  'Bedruckbare Leiste unter dem Kennzeichen, z. B. mit Firmenlogo oder Werbetext',
  'Gestaltung im Online-Editor',
  'Ab 10 Stück mit Mengenrabatt',
];

/** KZH-042..KZH-045: sets and special holders. */
const SPECIALS: Omit<HolderSpec, 'categories'>[] = [
  {
    name: 'Kennzeichenhalter-Set Classic (2 Stück)',
    material: 'Kunststoff (ABS)',
    price: 8.9,
    size: '520x110',
    colour: 'Schwarz',
    features: ['Vorne und hinten', 'Inklusive Schrauben'],
  },
  {
    name: 'Kennzeichenhalter-Set Edelstahl (2 Stück)',
    material: 'Edelstahl V2A, gebürstet',
    price: 36.9,
    size: '520x110',
    colour: 'Silber',
    features: ['Vorne und hinten', 'Rostfrei'],
  },
  {
    name: 'Kennzeichenhalter Magnet rahmenlos',
    material: 'Aluminium mit Magnetplatte',
    price: 16.9,
    size: '520x110',
    colour: 'Schwarz',
    features: ['Kennzeichen haftet magnetisch', 'Für Saison- und Wechselkennzeichen'],
  },
  {
    name: 'Kennzeichenhalter Händler-Wechselrahmen',
    material: 'Kunststoff (ABS)',
    price: 12.9,
    size: '520x110',
    colour: 'Schwarz',
    features: ['Für rote Händlerkennzeichen', 'Schnellwechsel ohne Werkzeug'],
  },
];

function regularSpecs(): HolderSpec[] {
  return MODELS.flatMap((model) =>
    model.colours.flatMap((colour) =>
      model.sizes.map((size) => ({ ...model, colour, size, categories: [CATEGORY.holders] })),
    ),
  );
}

function printableSpecs(): HolderSpec[] {
  return PRINT_COLOURS.map((colour) => ({
    name: 'Kennzeichenhalter bedrucken',
    material: 'Kunststoff (ABS) mit Druckfläche',
    price: 9.9,
    size: '520x110',
    colour,
    features: PRINT_FEATURES,
    categories: [CATEGORY.holders, CATEGORY.printableHolders],
    extraAttributes: { Bedruckbar: 'ja' },
    printable: true,
  }));
}

const specs: HolderSpec[] = [
  ...regularSpecs(),
  ...printableSpecs(),
  ...SPECIALS.map((spec) => ({ ...spec, categories: [CATEGORY.holders] })),
];

/** KZH-001..KZH-045, numbered in list order. */
export const holderProducts: Product[] = specs.map((spec, i) => holderProduct(i + 1, spec));
