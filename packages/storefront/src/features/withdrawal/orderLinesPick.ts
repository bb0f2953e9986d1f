import type { Order, OrderItem, WithdrawalBody } from '@lp/sdk/contract';
import { ATTR } from '@lp/sdk/contract';
import { cleanField } from './withdrawalMessages';

// Session 24, withdrawpick: the order's lines in the withdrawal form, offered only when the page was opened with the
// order's headerGuid (the order page of the confirmation mail, the account), which already shows the consumer this
// order; the guest form without it stays free text.

/** The line picker's German texts. */
export const LINES_TEXT = {
  legend: 'Welche Artikel möchten Sie zurückgeben? (optional)',
  hint: 'Nichts angekreuzt und unten nichts eingetragen: Sie widerrufen die ganze Bestellung.',
  madeToOrder:
    'Nach Ihren Vorgaben angefertigt: Dafür besteht nach § 312g Abs. 2 Nr. 1 BGB kein Widerrufsrecht. Sie können den Widerruf trotzdem erklären; wir antworten Ihnen gesondert.',
  // Named with the article's words as well (aria-labelledby in WithdrawalLines.tsx): two ticked lines of several
  // pieces must not both read "Anzahl (höchstens 2)" to a screen reader.
  quantity: (max: number) => `Anzahl (höchstens ${max})`,
  quantityInvalid: (max: number) => `Bitte geben Sie eine Anzahl von 1 bis ${max} ein.`,
  // Session 24, withdrawfixui: the free text's hint beside the lines (the form's own says "leave empty: all").
  itemsHint: 'Hier ergänzen Sie, was oben nicht steht.',
  // An order read by its link but not (or no longer) placed; the plain form, number free.
  notPlaced:
    'Diese Bestellung wurde nicht abgeschlossen oder durch eine neuere ersetzt. Bitte geben Sie die Bestellnummer ' +
    'der Bestellung ein, die Sie widerrufen möchten.',
  // The proof or the lines could not be matched: the API stored the declaration as text (session 25, its answer's
  // `linesAsText`), or refused it and the form sent it again as text (orderLinesPart.ts asText).
  sentAsText: (lines: boolean) =>
    `Ihre Bestellung ließ sich hier nicht mehr zuordnen. Wir haben Ihren Widerruf deshalb ${
      lines ? 'mit den gewählten Artikeln als Text' : 'ohne diese Zuordnung'
    } gesendet.`,
} as const;

/**
 * Statuses of an order that was placed: only their lines are offered. The API's rule (orderRepo.ts PLACED_ORDER)
 * also counts an order with any payment; the order as the storefront reads it shows a payment only by its invoice,
 * so that is the storefront's half of the same rule. An order with a declined payment only (no invoice) is the one
 * the two may judge differently: its form stays free text, which the API always accepts (session 24, withdrawfixui).
 */
export const PLACED_STATUSES: readonly Order['status'][] = ['confirmed', 'paymentPending', 'paid'];
export const isPlaced = (order: Order) =>
  PLACED_STATUSES.includes(order.status) || order.invoice !== undefined;

/** The free text's limit (the API's `items`, WithdrawalForm.tsx's field). */
const ITEMS_MAX = 500;

/**
 * The ticked lines in words ("1 × Kennzeichenhalter Classic; 2 × Kfz-Kennzeichen, Kennzeichen B-AB 123"), then what
 * the consumer typed, within the free text's 500 characters: what the declaration says when the order's proof is
 * refused and it is sent as text instead (WithdrawalForm.tsx). Empty when nothing was ticked or typed.
 */
export function pickedText(order: Order, picked: PickedLines, typed: string): string {
  const words = pickedBody(picked).map(
    ({ line, quantity }) => `${quantity} × ${lineArticle(order.orderItems[line - 1]!)}`,
  );
  const text = [...words, ...(typed ? [typed] : [])].join('; ');
  return text.length > ITEMS_MAX ? `${text.slice(0, ITEMS_MAX - 1)}…` : text;
}

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

/** The contract's limit of a line's `article`. */
const ARTICLE_MAX = 200;

/**
 * The ticked lines as the API takes them, in the order's order. With `order` (session 25), each with the article's
 * words as the page shows them (one line, at most 200 characters): the API writes them into the declaration when it
 * cannot match the order's proof (an old link), so the receipt names the goods, not only "Pos. 2".
 */
export function pickedBody(picked: PickedLines, order?: Order): NonNullable<WithdrawalBody['lines']> {
  return Object.entries(picked)
    .map(([key, typed]) => {
      const line = Number(key);
      const item = order?.orderItems[line - 1];
      const article = item ? cleanField(lineArticle(item)).slice(0, ARTICLE_MAX).trim() : '';
      return { line, quantity: Number(typed.trim()), ...(article ? { article } : {}) };
    })
    .sort((a, b) => a.line - b.line);
}
