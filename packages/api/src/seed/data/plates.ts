import type { Product, ProductVariant } from '@lp/sdk/contract';
import { CATEGORY } from './categories';
import { euro, fontColours, html, productImage, sizeLabel } from './helpers';
import { PLATE_KINDS, SEASON_SURCHARGE } from './plateKinds';

/** What differs between the official plate products; everything else is generated. */
interface PlateProductSpec {
  code: string;
  name: string;
  title: string;
  alias: string;
  /** Kennzeichentyp: official plates follow the plate rules (shared decision). */
  plateType: 'Auto' | 'Motorrad';
  basePrice: number;
  /** Spec 3 size ids this product is made in; the first is the default. */
  sizes: string[];
  categories: number[];
  colours: string[];
  intro: string;
  metaDescription: string;
  /** Kennzeichen-Art the page opens with (the product's default attribute). @default 'Standard' */
  defaultArt?: string;
}

/** One variant per (Kennzeichen-Art, Kennzeichengröße) pair, id `<code>-<size>-<kind code>`. */
function plateVariants(spec: PlateProductSpec): ProductVariant[] {
  return spec.sizes.flatMap((size) =>
    PLATE_KINDS.map((kind) => ({
      UniqueId: `${spec.code}-${size}-${kind.code}`,
      Title: `${spec.name} ${sizeLabel(size)}, ${kind.art}`,
      Description: `<p>${spec.name} im Format ${sizeLabel(size)} ${kind.phrase}.</p>`,
      Attributes: { 'Kennzeichen-Art': kind.art, Kennzeichengröße: size },
      Price: euro(spec.basePrice + (kind.seasonal ? SEASON_SURCHARGE : 0)),
    })),
  );
}

function plateProduct(spec: PlateProductSpec): Product {
  const defaultSize = spec.sizes[0] ?? '520x110';
  const defaultKind = PLATE_KINDS.find((kind) => kind.art === spec.defaultArt) ?? PLATE_KINDS[0];
  return {
    UniqueId: spec.code,
    Alias: spec.alias,
    Name: spec.name,
    Title: spec.title,
    // The price of the variant the page opens with (a seasonal product's default carries the surcharge).
    Price: euro(spec.basePrice + (defaultKind?.seasonal ? SEASON_SURCHARGE : 0)),
    Currency: 'EUR',
    BaseImages: [productImage(spec.code)],
    Description: html(
      [
        spec.intro,
        'Jedes Schild wird nach <strong>DIN 74069</strong> aus 0,5 mm Aluminium mit reflektierender Folie geprägt ' +
          'und ist für die Zulassung bei jeder Zulassungsstelle in Deutschland geeignet.',
      ],
      [
        `Formate: ${spec.sizes.map(sizeLabel).join(', ')}`,
        'Als Standard-, E-, H- und Saisonkennzeichen erhältlich',
        'Einzeln oder im Paar bestellbar',
        'Versand am selben Tag bei Bestellung bis 14:00 Uhr',
      ],
    ),
    Categories: spec.categories.map((UniqueId) => ({ UniqueId })),
    Attributes: {
      Kennzeichentyp: spec.plateType,
      'Kennzeichen-Art': defaultKind?.art ?? 'Standard',
      Kennzeichengröße: defaultSize,
      MetadataProduct: `${spec.name} online bestellen | Kennzeichen-Profi`,
      MetadataDescription: spec.metaDescription,
    },
    Parameters: [
      ...fontColours(...spec.colours),
      { Key: 'Material', Value: 'Aluminium 0,5 mm, reflektierend' },
      { Key: 'Norm', Value: 'DIN 74069' },
    ],
    Variants: plateVariants(spec),
    MinQuantity: 1,
  };
}

/**
 * The official plates. Together they cover every size id of spec 3 except `parkplatz` (see funAndSigns.ts).
 * KFZ-001 is the first `Auto` product, so it sets the headline root price (spec 1). With the fun plate the main
 * category holds more than the menu's 8 products, so the menu's 'Weitere' and the footer's limit of 5 are real.
 */
export const plateProducts: Product[] = [
  plateProduct({
    code: 'KFZ-001',
    name: 'Kfz-Kennzeichen',
    title: 'Kfz-Kennzeichen – zertifiziertes Autokennzeichen nach DIN 74069',
    alias: 'kfz-kennzeichen',
    plateType: 'Auto',
    basePrice: 12.9,
    sizes: ['520x110', '460x110', '420x110', '400x110', '380x110', '340x200'],
    categories: [CATEGORY.main, CATEGORY.carPlates, CATEGORY.seasonalPlates],
    colours: ['Schwarz', 'Rot (Händlerkennzeichen)', 'Grün (steuerbefreit)'],
    intro:
      'Das <strong>Kfz-Kennzeichen</strong> für Pkw, Wohnmobil und Anhänger – mit Ihrem Wunschkennzeichen ' +
      'geprägt und in allen gängigen Größen, auch verkürzt oder zweizeilig.',
    metaDescription:
      'Kfz-Kennzeichen ab 12,90 € pro Schild: DIN-zertifiziert, alle Größen, Versand am selben Tag.',
  }),
  plateProduct({
    code: 'KFZ-002',
    name: 'Motorradkennzeichen',
    title: 'Motorradkennzeichen – zweizeilig und in Sondergrößen',
    alias: 'motorradkennzeichen',
    plateType: 'Motorrad',
    basePrice: 11.9,
    sizes: ['220x200', '180x200', '200x200', '240x130', '250x200', '255x130', '280x200'],
    categories: [CATEGORY.main, CATEGORY.motorbikePlates, CATEGORY.seasonalPlates],
    colours: ['Schwarz', 'Grün (steuerbefreit)'],
    intro:
      'Das <strong>Motorradkennzeichen</strong> in allen zugelassenen zweizeiligen Formaten – vom kleinen ' +
      '180 × 200 mm bis zum 280 × 200 mm für Quads und Trikes.',
    metaDescription:
      'Motorradkennzeichen ab 11,90 €: alle zweizeiligen Formate, Saison-, H- und E-Kennzeichen.',
  }),
  plateProduct({
    code: 'KFZ-003',
    name: 'Leichtkraftrad-/Traktorkennzeichen',
    title: 'Kennzeichen für Leichtkraftrad, Traktor und Arbeitsmaschine',
    alias: 'leichtkraftrad-traktorkennzeichen',
    plateType: 'Motorrad',
    basePrice: 10.9,
    sizes: ['240x130', '240x155', '255x130'],
    // Only in the main category: spec 4 keeps such products out of the upsell list.
    categories: [CATEGORY.main],
    colours: ['Schwarz'],
    intro:
      'Kleine zweizeilige Kennzeichen für <strong>Leichtkrafträder, Traktoren und Arbeitsmaschinen</strong> ' +
      'mit wenig Platz am Fahrzeug.',
    metaDescription:
      'Kennzeichen für Leichtkraftrad und Traktor ab 10,90 €: 240 × 130 mm, 240 × 155 mm und 255 × 130 mm.',
  }),
  plateProduct({
    code: 'KFZ-004',
    name: 'Saisonkennzeichen',
    title: 'Saisonkennzeichen für Pkw, Cabrio und Wohnmobil',
    alias: 'saisonkennzeichen-pkw',
    plateType: 'Auto',
    basePrice: 12.9,
    sizes: ['520x110', '460x110'],
    categories: [CATEGORY.main, CATEGORY.seasonalPlates],
    colours: ['Schwarz'],
    defaultArt: 'Saisonkennzeichen',
    intro:
      'Das <strong>Saisonkennzeichen</strong> mit Monatsfeld für Fahrzeuge, die nur einen Teil des Jahres ' +
      'zugelassen sind – Beginn und Ende der Saison wählen Sie im Konfigurator.',
    metaDescription: 'Saisonkennzeichen ab 14,90 €: mit Monatsfeld, alle Pkw-Größen, Versand am selben Tag.',
  }),
  plateProduct({
    code: 'KFZ-005',
    name: 'H-Kennzeichen',
    title: 'H-Kennzeichen für Oldtimer ab 30 Jahren',
    alias: 'h-kennzeichen',
    plateType: 'Auto',
    basePrice: 12.9,
    sizes: ['520x110', '460x110'],
    categories: [CATEGORY.main, CATEGORY.carPlates],
    colours: ['Schwarz'],
    defaultArt: 'H-Kennzeichen',
    intro:
      'Das <strong>H-Kennzeichen</strong> für Oldtimer mit historischem Kennzeichen – auch als Saisonkennzeichen.',
    metaDescription:
      'H-Kennzeichen für Oldtimer ab 12,90 € – DIN-zertifiziert, auch als H-Saisonkennzeichen.',
  }),
  plateProduct({
    code: 'KFZ-006',
    name: 'E-Kennzeichen',
    title: 'E-Kennzeichen für Elektrofahrzeuge',
    alias: 'e-kennzeichen',
    plateType: 'Auto',
    basePrice: 12.9,
    sizes: ['520x110', '460x110'],
    categories: [CATEGORY.main, CATEGORY.carPlates],
    colours: ['Schwarz'],
    defaultArt: 'E-Kennzeichen',
    intro: 'Das <strong>E-Kennzeichen</strong> mit „E“ am Ende für Elektro- und Plug-in-Hybridfahrzeuge.',
    metaDescription: 'E-Kennzeichen für Elektroautos ab 12,90 € – DIN-zertifiziert, Versand am selben Tag.',
  }),
  plateProduct({
    code: 'KFZ-007',
    name: 'Anhängerkennzeichen',
    title: 'Anhängerkennzeichen für Pkw-Anhänger und Wohnwagen',
    alias: 'anhaengerkennzeichen',
    plateType: 'Auto',
    basePrice: 12.9,
    sizes: ['520x110', '340x200'],
    categories: [CATEGORY.main, CATEGORY.carPlates],
    colours: ['Schwarz', 'Grün (steuerbefreit)'],
    intro:
      'Das <strong>Anhängerkennzeichen</strong> für Anhänger, Wohnwagen und Fahrradträger mit eigener Zulassung.',
    metaDescription:
      'Anhängerkennzeichen ab 12,90 €: einzeilig oder zweizeilig, auch grün für steuerbefreite Anhänger.',
  }),
  plateProduct({
    code: 'KFZ-008',
    name: 'Verkürztes Kennzeichen',
    title: 'Verkürztes Kfz-Kennzeichen für kleine Kennzeichenmulden',
    alias: 'verkuerztes-kennzeichen',
    plateType: 'Auto',
    basePrice: 12.9,
    sizes: ['460x110', '420x110'],
    categories: [CATEGORY.main, CATEGORY.carPlates],
    colours: ['Schwarz'],
    intro:
      'Das <strong>verkürzte Kennzeichen</strong> für Fahrzeuge mit kleiner Kennzeichenmulde, z. B. Importfahrzeuge ' +
      'und Kleinwagen.',
    metaDescription: 'Verkürzte Kennzeichen ab 12,90 €: 460 und 420 mm breit.',
  }),
  plateProduct({
    code: 'KFZ-009',
    name: 'Quad-Kennzeichen',
    title: 'Kennzeichen für Quad und Trike',
    alias: 'quad-kennzeichen',
    plateType: 'Motorrad',
    basePrice: 11.9,
    sizes: ['255x130', '240x130'],
    categories: [CATEGORY.main, CATEGORY.motorbikePlates],
    colours: ['Schwarz'],
    intro: 'Das <strong>Quad-Kennzeichen</strong> im kleinen zweizeiligen Format für Quads, ATVs und Trikes.',
    metaDescription: 'Quad-Kennzeichen ab 11,90 €: 255 × 130 mm, 240 × 130 mm und 280 × 200 mm.',
  }),
];
