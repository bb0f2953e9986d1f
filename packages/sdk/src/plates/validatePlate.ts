import { districtState, isDistrictCode } from './districts';
import { fitsSize } from './fitsSize';
import { isForbiddenLetters } from './forbiddenLetters';
import { issue } from './messages';
import { MAX_PLATE_PLACES, countPlaces } from './placesCount';
import { isPlateKind, kindHasSeason, kindSuffix } from './plateKinds';
import { getPlateSize } from './plateSizes';
import { regionalBansFor } from './regionalBans';
import { scanPlate } from './scanPlate';
import { validateSeason } from './season';
import { formatPlate } from './formatPlate';
import { hasPlateShape } from './parsePlate';
import type { ParsedPlate, PlateIssue, PlateKind, PlateSizeId, PlateValidation, Season } from './types';

export interface ValidatePlateInput {
  /** The registration as typed. */
  text: string;
  /** @default 'standard' */
  kind?: PlateKind;
  /** Required for seasonal kinds, ignored otherwise. */
  season?: Partial<Season> | null;
  /** When given, the registration must fit it. */
  size?: PlateSizeId | string;
}

const fail = (errors: PlateIssue[], plate: ParsedPlate | null = null): PlateValidation => ({
  ok: false,
  plate,
  errors,
  warnings: [],
});

/** The rules on each part (FZV § 8: district, 1-2 letters, 1-4 digits without leading zero). */
function partErrors(p: ParsedPlate): PlateIssue[] {
  const errors: PlateIssue[] = [];
  if (!isDistrictCode(p.district)) errors.push(issue('unknown-district', p.district));
  if (p.letters.length === 0) errors.push(issue('letters-missing'));
  else if (/[ÄÖÜ]/u.test(p.letters)) errors.push(issue('letters-umlaut'));
  else if (p.letters.length > 2) errors.push(issue('letters-too-many', p.letters));
  else if (isForbiddenLetters(p.letters)) errors.push(issue('forbidden-letters', p.letters));
  if (p.digits.length === 0) errors.push(issue('digits-missing'));
  else if (p.digits.startsWith('0')) errors.push(issue('leading-zero'));
  else if (p.digits.length > 4) errors.push(issue('digits-too-many'));
  return errors;
}

/**
 * Checks a German registration for the chosen kind, season and size. Errors block the order; warnings
 * (regional bans, federal codes, a guessed split) are shown but do not. Every finding has a stable `code` and
 * a German message for the shopper. Never throws, whatever it is given.
 * @example
 * validatePlate({ text: 'B-AB 123' }).ok; // true
 * validatePlate({ text: 'B-SS 12' }).errors[0]?.message; // 'Die Buchstabenkombination „SS“ ist nicht zulässig.'
 * validatePlate({ text: 'M-XY 99', kind: 'season', season: { start: 11, end: 3 } }).ok; // true
 */
export function validatePlate(input: ValidatePlateInput): PlateValidation {
  const kind: PlateKind = isPlateKind(input?.kind) ? input.kind : 'standard';
  if (input?.kind !== undefined && !isPlateKind(input.kind))
    return fail([issue('kind-unknown', String(input.kind).slice(0, 40))]);
  const scan = scanPlate(input?.text);
  if (scan.status === 'empty') return fail([issue('empty')]);
  if (scan.status === 'too-long') return fail([issue('too-long')]);
  if (scan.status === 'invalid-characters')
    return fail([issue('invalid-characters', scan.chars.slice(0, 10))]);
  if (scan.status === 'format') return fail([issue('format')]);
  const plate = scan.parts;
  const errors = partErrors(plate);
  const warnings: PlateIssue[] = [];
  const size = input.size === undefined ? undefined : getPlateSize(String(input.size));
  if (input.size !== undefined && !size) errors.push(issue('size-unknown', String(input.size).slice(0, 20)));
  if (size?.id === 'parkplatz') errors.push(issue('size-not-official'));
  if (plate.suffix && plate.suffix !== kindSuffix(kind)) errors.push(issue('suffix-mismatch', plate.suffix));
  if (kindHasSeason(kind)) errors.push(...validateSeason(input.season));
  if (countPlaces(plate, kind, size) > MAX_PLATE_PLACES) errors.push(issue('too-long'));
  else if (errors.length === 0 && size && !fitsSize(plate, kind, size))
    errors.push(issue('size-too-small', size.id));
  if (errors.length === 0) {
    for (const { combination } of regionalBansFor(plate)) warnings.push(issue('regional-ban', combination));
    if (districtState(plate.district) === 'bundesweit')
      warnings.push(issue('federal-district', plate.district));
    const other = scan.alternatives[0];
    if (other) warnings.push(issue('ambiguous-split', formatPlate(plate), formatPlate(other)));
  }
  return { ok: errors.length === 0, plate: hasPlateShape(plate) ? plate : null, errors, warnings };
}
