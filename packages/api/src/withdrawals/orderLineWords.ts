import { ATTR } from '@lp/sdk/contract';

// Session 24, withdrawpick: how the receipt of a declaration, the operator's list and the Rechnungskorrektur name an
// order line, and which lines were made to the consumer's specification.

/** An order line's stored name and the shopper's inputs (order_items). */
export interface WordedLine {
  business_name: string;
  attributes: Record<string, string> | null;
}

/**
 * The article as a person recognises it: the product's name and, for a plate, its registration ("Euro-Kennzeichen,
 * Kennzeichen B-AB 123"), or the printed text of a sign. Single line (the attributes passed the contract's rules).
 */
export function lineArticle(item: WordedLine): string {
  const attributes = item.attributes ?? {};
  const plate = attributes[ATTR.plateText]?.trim();
  const lettering = attributes.Beschriftung?.trim();
  return [
    item.business_name.trim() || 'Artikel',
    ...(plate ? [`Kennzeichen ${plate}`] : []),
    ...(lettering ? [`Beschriftung „${lettering}“`] : []),
  ].join(', ');
}

/**
 * Whether the line is made to the consumer's specification (§ 312g (2) no. 1 BGB, as the Widerrufsbelehrung names
 * them): a plate embossed with their registration, a sign with their lettering, a holder printed with their design.
 * The storefront's withdrawal form applies the same rule to its hint (features/withdrawal/orderLinesPick.ts).
 */
export function madeToOrder(attributes: Record<string, string> | null): boolean {
  const a = attributes ?? {};
  return Boolean(a[ATTR.plateText]?.trim() || a.Beschriftung?.trim() || a[ATTR.designImage]);
}
