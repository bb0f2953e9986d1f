import type { Attributes } from '@lp/sdk/contract';
import { ATTR } from '@lp/sdk/contract';
import {
  isPlateSizeId,
  kindFromKennzeichenArt,
  kindHasSeason,
  parseMonth,
  type RenderPlateOptions,
  suggestSize,
} from '@lp/sdk/plates';

const OFFICIAL = new Set(['Auto', 'Motorrad']);
const FREE_TEXT = new Set(['Funschild', 'Parkplatzschild']);

const text = (attributes: Attributes, key: string): string | undefined => {
  const value: unknown = Object.hasOwn(attributes, key) ? attributes[key] : undefined;
  return typeof value === 'string' ? value.trim() : undefined;
};

/**
 * The `renderPlateSvg` options for one order line (issue 3: a print file per plate line), or null when the
 * line is not a plate (holders, name signs, accessories carry no text to print). The plate type comes from the
 * product (`Kennzeichentyp`, first space removed as in spec 5); the rest from the line's attributes, which the
 * API validated when the line was added. Official plates print with the seal places; free text never does.
 */
export function printOptions(plateType: string, attributes: Attributes): RenderPlateOptions | null {
  const type = plateType.replace(' ', '');
  const plateText = text(attributes, ATTR.plateText) ?? '';
  // Product options name colours with a note ('Grün (steuerbefreit)'); the renderer knows the bare name.
  const colour = text(attributes, ATTR.fontColour)?.split(/[\s(]/)[0];
  const sizeValue = text(attributes, ATTR.plateSize);
  const common = colour ? { colour } : {};
  if (FREE_TEXT.has(type)) {
    const size = type === 'Parkplatzschild' ? 'parkplatz' : isPlateSizeId(sizeValue) ? sizeValue : '520x110';
    return { ...common, text: plateText, kind: 'standard', size, freeText: true, seals: false };
  }
  if (!OFFICIAL.has(type)) return null;
  const kind = kindFromKennzeichenArt(text(attributes, ATTR.plateKind) ?? '') ?? 'standard';
  const start = parseMonth(text(attributes, ATTR.seasonStart));
  const end = parseMonth(text(attributes, ATTR.seasonEnd));
  return {
    ...common,
    text: plateText,
    kind,
    size:
      isPlateSizeId(sizeValue) && sizeValue !== 'parkplatz'
        ? sizeValue
        : suggestSize(plateText, kind, type === 'Motorrad' ? { shape: 'motorcycle' } : {}),
    ...(kindHasSeason(kind) && start !== undefined && end !== undefined ? { season: { start, end } } : {}),
    seals: true,
  };
}
