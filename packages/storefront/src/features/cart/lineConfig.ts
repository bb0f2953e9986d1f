import type { CartItem, OrderItem } from '@lp/sdk/contract';
import { ATTR, MONTH_NAMES } from '@lp/sdk/contract';

export interface LineDetail {
  label: string;
  value: string;
  /** The shopper's own text (a plate's characters, a sign's lettering): a page translator leaves it as it is. */
  verbatim?: true;
}

export interface LineConfig {
  title: string;
  details: LineDetail[];
  /** Design thumbnail of printed holders (Design-Bild), only http(s) or same-origin paths. */
  image: string | null;
  /** Issue 13: the product's picture (drawn from the line's product or variant) when the line has no design. */
  picture?: { src: string; alt: string } | null;
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
export function lineConfig(
  attributes: Record<string, string | undefined>,
  title: string,
  productId?: string,
): LineConfig {
  const details: LineDetail[] = [];
  const add = (label: string, value: string | undefined, verbatim?: true) => {
    if (value?.trim()) details.push({ label, value: value.trim(), ...(verbatim && { verbatim }) });
  };
  add('Kennzeichen', attributes[ATTR.plateText], true);
  add('Art', attributes[ATTR.plateKind]);
  const plateSize = attributes[ATTR.plateSize];
  if (plateSize) add('Größe', size(plateSize));
  const start = month(attributes[ATTR.seasonStart]);
  const end = month(attributes[ATTR.seasonEnd]);
  if (start && end) add('Saison', `${start} – ${end}`);
  add('Schriftfarbe', attributes[ATTR.fontColour]);
  // Issue 13: every configured detail, also of name plates and parking signs.
  add('Ausführung', attributes.Ausführung);
  add('Montage', attributes.Montage);
  add('Beschriftung', attributes.Beschriftung, true);
  const image = safeImage(attributes[ATTR.designImage]);
  const picture =
    !image && productId && /^[A-Za-z0-9-]{1,40}$/.test(productId)
      ? { src: `/images/products/${productId.toLowerCase()}.svg`, alt: `Abbildung: ${title}` }
      : null;
  return { title, details, image, picture };
}

export const cartLineConfig = (item: CartItem): LineConfig => {
  const info = item.addData?.[0]?.info;
  return lineConfig(
    (info?.Attributes ?? {}) as Record<string, string>,
    info?.Title || item.description,
    item.productUniqueId,
  );
};

export const orderLineConfig = (item: OrderItem): LineConfig =>
  lineConfig((item.attributes ?? {}) as Record<string, string>, item.businessName, item.itemId);
