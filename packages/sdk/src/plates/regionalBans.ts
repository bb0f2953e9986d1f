import { isPlateParts } from './plainArguments';
import type { ParsedPlate } from './types';

/**
 * A combination many registration offices refuse although no federal rule forbids it. Empty fields match
 * anything. Sources: the lists of refused combinations published by registration offices and collected in the
 * German Wikipedia article "Kfz-Kennzeichen (Deutschland)", section "Nicht vergebene Kombinationen".
 */
export interface RegionalBan {
  districts?: readonly string[];
  letters?: readonly string[];
  /** The letters start with one of these (district and letters read together form a banned pair). */
  lettersStart?: readonly string[];
  digits?: readonly string[];
  /** Why offices refuse it (for the docs, not shown to shoppers). */
  reason: string;
}

const NAZI_NUMBERS = ['18', '88', '188', '888', '1888', '8818', '8888'];

export const REGIONAL_BANS: readonly RegionalBan[] = [
  { letters: ['AH', 'HH'], digits: NAZI_NUMBERS, reason: 'AH/HH (Adolf Hitler, Heil Hitler) with 18 or 88' },
  { districts: ['AH', 'HH'], digits: NAZI_NUMBERS, reason: 'district AH or HH with 18 or 88' },
  { letters: ['SD'], reason: 'SD (Sicherheitsdienst der SS)' },
  { letters: ['IS'], reason: 'IS (terrorist organisation "Islamischer Staat"), refused by several offices' },
  { districts: ['N'], letters: ['PD', 'SU'], reason: 'N-PD and N-SU (NPD, NSU) in Nürnberg' },
  { districts: ['HEI'], letters: ['L'], reason: 'HEI-L in Dithmarschen' },
  { districts: ['S'], lettersStart: ['S', 'A'], reason: 'S-S…, S-A… read as SS, SA' },
  { districts: ['N'], lettersStart: ['S'], reason: 'N-S… read as NS' },
  { districts: ['H'], lettersStart: ['J'], reason: 'H-J… read as HJ' },
  { districts: ['K'], lettersStart: ['Z'], reason: 'K-Z… read as KZ' },
];

/**
 * The regional bans a registration falls under, with the combination to name in the warning; none for anything
 * whose parts are not text.
 * @example
 * regionalBansFor({ district: 'N', letters: 'PD', digits: '1' })[0]?.combination; // 'N-PD'
 */
export function regionalBansFor(plate: ParsedPlate): Array<{ ban: RegionalBan; combination: string }> {
  const hits: Array<{ ban: RegionalBan; combination: string }> = [];
  if (!isPlateParts(plate)) return hits;
  for (const ban of REGIONAL_BANS) {
    if (ban.districts && !ban.districts.includes(plate.district)) continue;
    if (ban.letters && !ban.letters.includes(plate.letters)) continue;
    if (ban.lettersStart && !ban.lettersStart.some((s) => plate.letters.startsWith(s))) continue;
    if (ban.digits && !ban.digits.includes(plate.digits)) continue;
    const parts = [ban.districts || ban.lettersStart ? `${plate.district}-` : '', plate.letters];
    if (ban.digits) parts.push(` ${plate.digits}`);
    hits.push({ ban, combination: parts.join('') });
  }
  return hits;
}
