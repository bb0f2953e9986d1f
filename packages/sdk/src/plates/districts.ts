import { DISTRICTS_BY_STATE } from './data/districtCodes';

let index: Map<string, string> | undefined;

// Built on first use so importing the plate rules costs nothing until a plate is checked.
function districtIndex(): Map<string, string> {
  if (!index) {
    index = new Map();
    for (const [state, codes] of Object.entries(DISTRICTS_BY_STATE)) {
      for (const code of codes.split(' ')) index.set(code, state);
    }
  }
  return index;
}

/**
 * Whether `code` is a current German district code (Unterscheidungszeichen), exact upper case with umlauts.
 * @example
 * isDistrictCode('TÖL'); // true
 * isDistrictCode('XY'); // false
 */
export function isDistrictCode(code: string): boolean {
  return districtIndex().has(code);
}

/**
 * State (Bundesland) of a district code, `bundesweit` for federal codes (BD, BP, BW, THW, X, Y), or undefined.
 * @example
 * districtState('HH'); // 'Hamburg'
 */
export function districtState(code: string): string | undefined {
  return districtIndex().get(code);
}

/**
 * Every district code, sorted.
 * @example
 * listDistrictCodes().length; // 722
 */
export function listDistrictCodes(): string[] {
  return [...districtIndex().keys()].sort();
}
