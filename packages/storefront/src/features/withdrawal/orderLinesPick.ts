import type { Order, OrderItem, WithdrawalBody } from '@lp/sdk/contract';
import { ATTR } from '@lp/sdk/contract';

// Session 24, withdrawpick: the order's lines in the withdrawal form, offered only when the page was opened with the
// order's headerGuid (the order page of the confirmation mail, the account), which already shows the consumer this
// order; the guest form without it stays free text.

/** The line picker's German texts. */
export const LINES_TEXT = {
  legend: 'Welche Artikel möchten Sie zurückgeben? (optional)',
  hint: 'Nichts angekreuzt und unten nichts eingetragen: Sie widerrufen die ganze Bestellung.',
  madeToOrder:
    'Nach Ihren Vorgaben angefertigt: Dafür besteht nach § 312g Abs. 2 Nr. 1 BGB kein Widerrufsrecht. Sie können den Widerruf trotzdem erklären; wir antworten Ihnen gesondert.',
  quantity: (max: number) => `Anzahl (höchstens ${max})`,
  quantityInvalid: (max: number) => `Bitte geben Sie eine Anzahl von 1 bis ${max} ein.`,
} as const;

/** Statuses of an order that was placed (the API's rule): only their lines can be withdrawn. */
const PLACED: readonly Order['status'][] = ['confirmed', 'paymentPending', 'paid'];
export const isPlaced = (order: Order) => PLACED.includes(order.status);

/** The article as the receipt names it: "Kfz-Kennzeichen, Kennzeichen B-AB 123" (withdrawals/orderLineWords.ts). */
export function lineArticle(item: OrderItem): string {
  const plate = item.attributes?.[ATTR.plateText]?.trim();
  const lettering = item.attributes?.Beschriftung?.trim();
  return [
    item.businessName.trim() || 'Artikel',
    ...(plate ? [`Kennzeichen ${plate}`] : []),
    ...(lettering ? [`Beschriftung „${lettering}“`] : []),
  ].join(', ');
}

/**
 * Made to the consumer's specification (§ 312g (2) no. 1 BGB): an embossed registration, a sign's lettering, a
 * printed design. The same rule as the API's receipt (withdrawals/orderLineWords.ts); only a hint here.
 */
export function isMadeToOrder(item: OrderItem): boolean {
  const a = item.attributes ?? {};
  return Boolean(a[ATTR.plateText]?.trim() || a.Beschriftung?.trim() || a[ATTR.designImage]);
}

/** Ticked lines (1-based) with the pieces as typed; a line of one piece has no quantity field. */
export type PickedLines = Record<number, string>;

/** The quantity errors of the ticked lines, by line; empty: fine. */
export function pickErrors(order: Order, picked: PickedLines): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const [key, typed] of Object.entries(picked)) {
    const line = Number(key);
    const max = order.orderItems[line - 1]?.itemQuantity ?? 0;
    const pieces = Number(typed.trim());
    if (!/^\d+$/.test(typed.trim()) || pieces < 1 || pieces > max)
      errors[line] = LINES_TEXT.quantityInvalid(max);
  }
  return errors;
}

/** The ticked lines as the API takes them, in the order's order. */
export function pickedBody(picked: PickedLines): NonNullable<WithdrawalBody['lines']> {
  return Object.entries(picked)
    .map(([line, typed]) => ({ line: Number(line), quantity: Number(typed.trim()) }))
    .sort((a, b) => a.line - b.line);
}
