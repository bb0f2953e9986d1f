/**
 * The Kennzeichen-Art values every official plate product offers (shared decision; spec 9: a value containing
 * "Saison" marks a seasonal plate). `code` is the suffix of the variant UniqueId, e.g. `KFZ-001-520x110-STD`.
 */
export interface PlateKindOption {
  art: string;
  code: string;
  seasonal: boolean;
  /** German phrase used in variant descriptions. */
  phrase: string;
}

export const PLATE_KINDS: readonly PlateKindOption[] = [
  { art: 'Standard', code: 'STD', seasonal: false, phrase: 'als Standardkennzeichen mit Euro-Feld' },
  { art: 'E-Kennzeichen', code: 'E', seasonal: false, phrase: 'mit „E“ für Elektrofahrzeuge' },
  { art: 'H-Kennzeichen', code: 'H', seasonal: false, phrase: 'mit „H“ für Oldtimer ab 30 Jahren' },
  {
    art: 'Saisonkennzeichen',
    code: 'SAI',
    seasonal: true,
    phrase: 'mit Saisonfeld für den Zulassungszeitraum',
  },
  {
    art: 'H-Saisonkennzeichen',
    code: 'HSAI',
    seasonal: true,
    phrase: 'mit „H“ und Saisonfeld für Oldtimer in der Saison',
  },
  {
    art: 'E-Saisonkennzeichen',
    code: 'ESAI',
    seasonal: true,
    phrase: 'mit „E“ und Saisonfeld für Elektrofahrzeuge in der Saison',
  },
];

/** Seasonal plates carry the extra season field, so they cost a little more (euro, gross). */
export const SEASON_SURCHARGE = 2;
