import type { CartItem, OrderItem } from '@lp/sdk/contract';
import { ATTR, MONTH_NAMES } from '@lp/sdk/contract';

export interface LineDetail {
  label: string;
  value: string;
}

export interface LineConfig {
  title: string;
  details: LineDetail[];
  /** Design thumbnail of printed holders (Design-Bild), only http(s) or same-origin paths. */
  image: string | null;
}

const month = (value: string | undefined) => MONTH_NAMES[Number(value) - 1];

function size(value: string): string {
  if (value === 'parkplatz') return 'Parkplatzschild';
  const match = /^(\d+)x(\d+)$/.exec(value);
  return match ? `${match[1]} × ${match[2]} mm` : value;
}

const safeImage = (value: string | undefined): string | null =>
  value && /^(https?:\/\/|\/(?!\/))/i.test(value) ? value : null;

/**
 * The configuration of a cart or order line in German words: plate text, Kennzeichen-Art, size, season months,
 * colour, and the design thumbnail of prints (shared decisions: attributes live in addData[0].info.Attributes).
 *
 * @example
 * lineConfig(line).details; // [{ label: 'Kennzeichen', value: 'B-AB 123' }, { label: 'Größe', value: '520 × 110 mm' }]
 */
export function lineConfig(attributes: Record<string, string | undefined>, title: string): LineConfig {
  const details: LineDetail[] = [];
  const add = (label: string, value: string | undefined) => {
    if (value?.trim()) details.push({ label, value: value.trim() });
  };
  add('Kennzeichen', attributes[ATTR.plateText]);
  add('Art', attributes[ATTR.plateKind]);
  const plateSize = attributes[ATTR.plateSize];
  if (plateSize) add('Größe', size(plateSize));
  const start = month(attributes[ATTR.seasonStart]);
  const end = month(attributes[ATTR.seasonEnd]);
  if (start && end) add('Saison', `${start} – ${end}`);
  add('Schriftfarbe', attributes[ATTR.fontColour]);
  return { title, details, image: safeImage(attributes[ATTR.designImage]) };
}

export const cartLineConfig = (item: CartItem): LineConfig => {
  const info = item.addData?.[0]?.info;
  return lineConfig((info?.Attributes ?? {}) as Record<string, string>, info?.Title || item.description);
};

export const orderLineConfig = (item: OrderItem): LineConfig =>
  lineConfig((item.attributes ?? {}) as Record<string, string>, item.businessName);
