import { MONTH_NAMES } from '../contract/constants';
import { formatPlateSize } from '../contract/formatPlateSize';
import type { PlateIssue, PlateIssueCode } from './types';

export { MONTH_NAMES };

/** German quotation marks around shopper input, as in „XY“. */
const q = (s: string) => `„${s}“`;

/**
 * The German, shopper-facing text of every plate finding. Messages quote the shopper's input, never markup:
 * callers render them as text.
 */
export const PLATE_MESSAGES = {
  empty: () => 'Bitte geben Sie ein Kennzeichen ein.',
  'invalid-characters': (chars: string) =>
    `Das Kennzeichen enthält unzulässige Zeichen: ${q(chars)}. Erlaubt sind Buchstaben, Ziffern, Leerzeichen und Bindestrich.`,
  format: () => 'Bitte geben Sie das Kennzeichen vollständig ein, z. B. „B-AB 123“.',
  'unknown-district': (district: string) => `Unbekanntes Unterscheidungszeichen ${q(district)}.`,
  'letters-missing': () => 'Nach dem Unterscheidungszeichen folgen ein oder zwei Buchstaben.',
  'letters-too-many': (letters: string) =>
    `Nach dem Unterscheidungszeichen sind höchstens zwei Buchstaben erlaubt, nicht ${q(letters)}.`,
  'letters-umlaut': () => 'Die Buchstaben der Erkennungsnummer dürfen keine Umlaute enthalten.',
  'digits-missing': () => 'Die Erkennungsnummer braucht eine bis vier Ziffern.',
  'digits-too-many': () => 'Die Erkennungsnummer hat höchstens vier Ziffern.',
  'leading-zero': () => 'Die Erkennungsnummer darf nicht mit 0 beginnen.',
  'forbidden-letters': (pair: string) => `Die Buchstabenkombination ${q(pair)} ist nicht zulässig.`,
  'too-long': () => 'Das Kennzeichen ist zu lang: höchstens 8 Zeichen (E/H und Saisonfeld zählen mit).',
  'suffix-mismatch': (suffix: string) =>
    `Das Kennzeichen endet auf ${q(suffix)}. Bitte wählen Sie die Kennzeichen-Art ${suffix}-Kennzeichen.`,
  'season-missing': () => 'Bitte wählen Sie Beginn und Ende der Saison.',
  'season-month': () => 'Bitte wählen Sie für Beginn und Ende der Saison einen Monat von 1 bis 12.',
  'season-span': (months: number) =>
    `Die Saison muss mindestens 2 und höchstens 11 Monate dauern (gewählt: ${months} ${months === 1 ? 'Monat' : 'Monate'}).`,
  'size-unknown': (size: string) => `Unbekannte Schildgröße ${q(size)}.`,
  'size-not-official': () => 'Diese Größe ist für amtliche Kennzeichen nicht zulässig.',
  'size-too-small': (size: string) =>
    `Das Kennzeichen passt nicht auf die Größe ${formatPlateSize(size)}. Bitte wählen Sie ein größeres Schild.`,
  'kind-unknown': (kind: string) => `Unbekannte Kennzeichen-Art ${q(kind)}.`,
  'free-text-empty': () => 'Bitte geben Sie einen Text ein.',
  'free-text-too-long': (max: number) => `Der Text ist zu lang: höchstens ${max} Zeichen pro Zeile.`,
  'free-text-characters': (chars: string) =>
    `Der Text enthält unzulässige Zeichen: ${q(chars)}. Erlaubt sind Buchstaben, Ziffern, Leerzeichen und Bindestrich.`,
  'free-text-lines': (max: number) =>
    `Der Text darf höchstens ${max} ${max === 1 ? 'Zeile' : 'Zeilen'} haben.`,
  'regional-ban': (combination: string) =>
    `Die Kombination ${q(combination)} wird von vielen Zulassungsstellen nicht vergeben. Bitte fragen Sie vorher bei Ihrer Zulassungsstelle nach.`,
  'federal-district': (district: string) =>
    `Das Unterscheidungszeichen ${q(district)} ist Bundesbehörden vorbehalten.`,
  'ambiguous-split': (chosen: string, other: string) =>
    `Ihre Eingabe ist mehrdeutig; wir lesen ${q(chosen)}. Meinen Sie ${q(other)}, trennen Sie bitte mit Bindestrich.`,
} satisfies Record<PlateIssueCode, (...args: never[]) => string>;

type MessageArgs<C extends PlateIssueCode> = Parameters<(typeof PLATE_MESSAGES)[C]>;

/** Builds a finding with its stable code and German message. */
export function issue<C extends PlateIssueCode>(code: C, ...args: MessageArgs<C>): PlateIssue {
  const make = PLATE_MESSAGES[code] as (...a: MessageArgs<C>) => string;
  return { code, message: make(...args) };
}
