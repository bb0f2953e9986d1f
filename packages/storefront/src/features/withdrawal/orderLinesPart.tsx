import { isLpError } from '@lp/sdk';
import type { Order, WithdrawalAnswer, WithdrawalBody } from '@lp/sdk/contract';
import type { SdkCore } from '@lp/sdk/compose';
import { ordersOf } from '../../sdk/ordersOf';
import {
  LINES_TEXT,
  type PickedLines,
  isPlaced,
  lineArticle,
  pickedBody,
  pickedText,
} from './orderLinesPick';

// Session 24, withdrawpick: what the withdrawal form needs only when it was opened for an order (its headerGuid),
// in a chunk of its own (useProvenOrder.ts imports it): reading the order, the line picker, the article's words and
// the pieces' check. The page's first script stays nearly as it was for the guest's form (routeSizes.test.ts).
export { WithdrawalLines } from './WithdrawalLines';
// Session 25, accountfollow: the logged-in customer's orders (deferredAccountOrders.tsx) load with this chunk: the
// page's first script then names no chunk of its own for them (a repeated import compresses to a few bytes).
export { AccountOrders } from './AccountOrders';
export { LINES_TEXT, pickErrors, pickedBody } from './orderLinesPick';

/** The order of `headerGuid` as the order page reads it, and whether it was placed (only then its lines count). */
export async function provenOrder(
  sdk: Pick<SdkCore, 'client' | 'appState'>,
  headerGuid: string,
): Promise<{ order: Order; placed: boolean }> {
  const order = await ordersOf(sdk).get(headerGuid);
  return { order, placed: isPlaced(order) };
}

/** The ticked lines in the summary of step 2, a `<dd>` each ("1 × Kennzeichenhalter Classic"). */
export function PickedSummary({ order, picked }: { order: Order; picked: PickedLines }) {
  return (
    <>
      {pickedBody(picked).map(({ line, quantity }) => (
        <dd key={line}>
          {quantity} × {lineArticle(order.orderItems[line - 1]!)}
        </dd>
      ))}
    </>
  );
}

/**
 * Session 24, withdrawfixui (§ 356a: the function takes every declaration): sends the declaration with the order's
 * proof (`send`). Session 25: the API stores a proof or lines it cannot match (an old link of an order no longer
 * placed) as text in that one request and answers `linesAsText`; the receipt then says so (the note). Should it
 * still refuse the proof or the lines (400 naming `headerGuid` or `lines`, e.g. an API of an older release), the
 * declaration is sent once more as the guest's form would (asText).
 */
export async function sendProven(
  send: (body: WithdrawalBody) => Promise<WithdrawalAnswer>,
  body: WithdrawalBody,
  order: Order,
  picked: PickedLines,
): Promise<{ answer: WithdrawalAnswer; note?: string }> {
  const ticked = Object.keys(picked).length > 0;
  try {
    const answer = await send(body);
    return answer.linesAsText ? { answer, note: LINES_TEXT.sentAsText(ticked) } : { answer };
  } catch (error) {
    if (!proofRefused(error)) throw error;
    const answer = await send(asText(body, order, picked));
    return { answer, note: LINES_TEXT.sentAsText(ticked) };
  }
}

function proofRefused(error: unknown): boolean {
  const listed = isLpError(error)
    ? (error.body as { errors?: { field?: unknown }[] } | undefined)?.errors
    : [];
  return (
    Array.isArray(listed) && listed.some((entry) => entry?.field === 'headerGuid' || entry?.field === 'lines')
  );
}

/** The declaration without the proof and the lines, the ticked lines' words (and pieces) put into the free text. */
function asText(body: WithdrawalBody, order: Order, picked: PickedLines): WithdrawalBody {
  const { headerGuid: _proof, lines: _lines, items, ...rest } = body;
  const text = pickedText(order, picked, items ?? '');
  return { ...rest, ...(text ? { items: text } : {}) };
}
