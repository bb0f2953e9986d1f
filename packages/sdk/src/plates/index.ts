// @lp/sdk/plates: German plate rules, sizes, layout and SVG preview. Framework-free and DOM-free, so the
// browser, the widget and the API (cart-line validation, print files) share one implementation.
export { PLATE_SIZES, getPlateSize, isPlateSizeId } from './plateSizes';
export { parsePlate, hasPlateShape } from './parsePlate';
export { formatPlate } from './formatPlate';
export { formatPlateSize } from '../contract/formatPlateSize';
export { validatePlate } from './validatePlate';
export { validateFreeText, FREE_TEXT_LIMITS } from './validateFreeText';
export { validatePlateAttributes } from './validatePlateAttributes';
export { suggestSize } from './suggestSize';
export { fitsSize } from './fitsSize';
export { countPlaces, MAX_PLATE_PLACES } from './placesCount';
export {
  PLATE_KINDS,
  isSeasonalKind,
  isPlateKind,
  kindFromKennzeichenArt,
  kennzeichenArtFromKind,
  kindHasSeason,
  kindSuffix,
} from './plateKinds';
export { validateSeason, seasonMonths, parseMonth, SEASON_MIN_MONTHS, SEASON_MAX_MONTHS } from './season';
export { FORBIDDEN_LETTER_PAIRS, isForbiddenLetters } from './forbiddenLetters';
export { REGIONAL_BANS, regionalBansFor } from './regionalBans';
export { isDistrictCode, districtState, listDistrictCodes } from './districts';
export { districtInfo } from './districtInfo';
export { PLATE_MESSAGES, MONTH_NAMES } from './messages';
export { findByPlateType, filterByPlateType, findByUniqueId } from './productLookup';
export { layoutPlate } from './layoutPlate';
export { glyphPath, hasGlyph, GLYPH_CHARS } from './glyphs';
export { renderPlateSvg } from './renderPlateSvg';
export { textColour, TEXT_COLOURS } from './plateColours';
export { escapeXml } from './escapeXml';
export type {
  FontWidth,
  ParsedPlate,
  PlateIssue,
  PlateIssueCode,
  PlateKind,
  PlateSize,
  PlateSizeId,
  PlateValidation,
  Season,
} from './types';
export type { ValidatePlateInput } from './validatePlate';
export type { FreeTextValidation, FreeTextVariant } from './validateFreeText';
export type { AttributesCheck } from './validatePlateAttributes';
export type { SuggestSizeOptions } from './suggestSize';
export type { RegionalBan } from './regionalBans';
export type { DistrictInfo } from './districtInfo';
export type { Box, GlyphRole, LayoutInput, PlacedGlyph, PlacedSeal, PlateLayout } from './layoutTypes';
export type { GlyphBox } from './glyphs';
export type { RenderPlateOptions } from './renderPlateSvg';
