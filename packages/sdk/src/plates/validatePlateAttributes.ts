import type { Attributes } from '../contract';
import { ATTR } from '../contract';
import { issue } from './messages';
import { kindFromKennzeichenArt, kindHasSeason } from './plateKinds';
import { parseMonth } from './season';
import { formatPlate } from './formatPlate';
import { validateFreeText } from './validateFreeText';
import { validatePlate } from './validatePlate';

/**
 * `text` (on lines that carry one) is the plate text as it is pressed: the canonical registration ('oehr ab 12' is
 * 'ÖHR-AB 12', 'BAB123' is 'BA-B 123') or the upper-cased free text. The API stores it on the line, so the cart,
 * the order and its confirmation mail show what the print file shows.
 */
export type AttributesCheck = { ok: true; text?: string } | { ok: false; rule: string; message: string };

const OFFICIAL = new Set(['Auto', 'Motorrad']);
const FREE = { Funschild: 'fun', Parkplatzschild: 'parking' } as const;

const text = (attributes: Attributes, key: string): string | undefined => {
  const v: unknown = Object.hasOwn(attributes, key) ? attributes[key] : undefined;
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
};

/**
 * The check the API runs on every cart line (DESIGN 2: the server validates the configuration). Auto and
 * Motorrad lines follow the official plate rules (Kennzeichen, Kennzeichen-Art, Kennzeichengröße,
 * Saison-Start/-Ende); Funschild and Parkplatzschild lines the free-text rules; other plate types carry no
 * text and pass. The plate type is compared with its first space removed (spec 5). Warnings never block. A passing
 * line with a text answers it as pressed (`text`).
 * @example
 * validatePlateAttributes('Auto', { Kennzeichen: 'mü ab 12' }); // { ok: true, text: 'MÜ-AB 12' }
 * validatePlateAttributes('Auto', { Kennzeichen: 'B-AB 0123' });
 * // { ok: false, rule: 'leading-zero', message: 'Die Erkennungsnummer darf nicht mit 0 beginnen.' }
 */
export function validatePlateAttributes(plateType: string, attributes: Attributes): AttributesCheck {
  const type = typeof plateType === 'string' ? plateType.replace(' ', '') : '';
  const attrs: Attributes = attributes && typeof attributes === 'object' ? attributes : {};
  const plateText = text(attrs, ATTR.plateText) ?? '';
  if (type in FREE) {
    const result = validateFreeText(plateText, FREE[type as keyof typeof FREE]);
    const first = result.errors[0];
    return first ? { ok: false, rule: first.code, message: first.message } : { ok: true, text: result.text };
  }
  if (!OFFICIAL.has(type)) return { ok: true };
  const art = text(attrs, ATTR.plateKind) ?? '';
  const kind = kindFromKennzeichenArt(art);
  if (!kind) {
    const found = issue('kind-unknown', art.slice(0, 40));
    return { ok: false, rule: found.code, message: found.message };
  }
  const sizeValue = text(attrs, ATTR.plateSize)?.trim();
  // A missing month asks for the season; a typed but wrong one ('13', 'Mai') is reported as a wrong month.
  const month = (key: string) => {
    const typed = text(attrs, key)?.trim();
    return typed ? (parseMonth(typed) ?? Number.NaN) : undefined;
  };
  const result = validatePlate({
    text: plateText,
    kind,
    ...(kindHasSeason(kind)
      ? { season: { start: month(ATTR.seasonStart), end: month(ATTR.seasonEnd) } }
      : {}),
    ...(sizeValue ? { size: sizeValue } : {}),
  });
  const first = result.errors[0];
  if (first) return { ok: false, rule: first.code, message: first.message };
  // A passing text always has a plate (validatePlate reports `format` for text without the shape of one).
  return { ok: true, text: result.plate ? formatPlate(result.plate) : plateText.trim() };
}
