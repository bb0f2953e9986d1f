import { invalidParameter } from '../services/requireParam';
import { issue } from './messages';
import type { PlateIssue, Season } from './types';

/** FZV § 9 (3): a season runs at least 2 and at most 11 months. */
export const SEASON_MIN_MONTHS = 2;
export const SEASON_MAX_MONTHS = 11;

const isMonth = (m: unknown): m is number =>
  typeof m === 'number' && Number.isInteger(m) && m >= 1 && m <= 12;

/**
 * Number of months from `start` to `end`, both included; a season may run over the new year. A season whose start
 * or end is not a month (an integer 1-12) is refused with the LpError `invalidParameter`.
 * @example
 * seasonMonths({ start: 4, end: 10 }); // 7
 * seasonMonths({ start: 11, end: 3 }); // 5
 */
export function seasonMonths(season: Season): number {
  if (!isMonth(season?.start) || !isMonth(season?.end)) throw invalidParameter('season');
  return ((((season.end - season.start) % 12) + 12) % 12) + 1;
}

/**
 * Checks the months of a seasonal plate. Returns the findings (empty when the season is fine).
 * @example
 * validateSeason({ start: 11, end: 3 }); // []
 * validateSeason({ start: 5, end: 5 })[0]?.code; // 'season-span'
 */
export function validateSeason(season: Partial<Season> | null | undefined): PlateIssue[] {
  if (!season || typeof season !== 'object' || season.start === undefined || season.end === undefined) {
    return [issue('season-missing')];
  }
  if (!isMonth(season.start) || !isMonth(season.end)) return [issue('season-month')];
  const months = seasonMonths({ start: season.start, end: season.end });
  if (months < SEASON_MIN_MONTHS || months > SEASON_MAX_MONTHS) return [issue('season-span', months)];
  return [];
}

/**
 * Reads a month attribute ('1'..'12', as cart lines carry Saison-Start/Saison-Ende) into a number.
 * @example
 * parseMonth(' 04 '); // 4
 * parseMonth('13'); // undefined
 */
export function parseMonth(value: unknown): number | undefined {
  if (typeof value === 'number') return isMonth(value) ? value : undefined;
  if (typeof value !== 'string' || !/^\s*\d{1,2}\s*$/.test(value)) return undefined;
  const month = Number(value);
  return isMonth(month) ? month : undefined;
}
