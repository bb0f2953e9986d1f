import type { Order } from '@lp/sdk/contract';
import type { SdkCore } from '@lp/sdk/compose';
import { ordersOf } from '../../sdk/ordersOf';
import { type PickedLines, isPlaced, lineArticle, pickedBody } from './orderLinesPick';

// Session 24, withdrawpick: what the withdrawal form needs only when it was opened for an order (its headerGuid),
// in a chunk of its own (useProvenOrder.ts imports it): reading the order, the line picker, the article's words and
// the pieces' check. The page's first script stays nearly as it was for the guest's form (routeSizes.test.ts).
export { WithdrawalLines } from './WithdrawalLines';
export { pickErrors, pickedBody } from './orderLinesPick';

/** The order of `headerGuid` as the order page reads it, when it was placed; undefined otherwise. */
export async function provenOrder(
  sdk: Pick<SdkCore, 'client' | 'appState'>,
  headerGuid: string,
): Promise<Order | undefined> {
  const order = await ordersOf(sdk).get(headerGuid);
  return isPlaced(order) ? order : undefined;
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
