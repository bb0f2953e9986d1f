import { DISTRICT_AREAS } from './data/districtAreas';
import { districtState } from './districts';

export interface DistrictInfo {
  code: string;
  /** Bundesland, or `bundesweit` for federal codes. */
  state: string;
  /** Towns and districts the code stands for (or the federal body). */
  areas: string[];
}

/**
 * Areas and state of a district code, for hints such as „TÖL: Landkreis Bad Tölz-Wolfratshausen“.
 * Kept apart from {@link isDistrictCode} so validation does not pull in the area names. Undefined for an unknown
 * code and for anything that is not text.
 * @example
 * districtInfo('M')?.areas; // ['Stadt München', 'Landkreis München']
 */
export function districtInfo(code: string): DistrictInfo | undefined {
  if (typeof code !== 'string') return undefined;
  const state = districtState(code);
  const areas = Object.hasOwn(DISTRICT_AREAS, code) ? DISTRICT_AREAS[code] : undefined;
  if (state === undefined || areas === undefined) return undefined;
  return { code, state, areas: areas.split('|') };
}
