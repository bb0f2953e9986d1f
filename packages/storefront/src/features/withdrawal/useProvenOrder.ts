import type { Order } from '@lp/sdk/contract';
import { useEffect, useState } from 'react';
import { useShop } from '../../app/ShopContext';

/** The form's parts for an order's lines (orderLinesPart.ts), loaded with the order. */
export type LinesPart = typeof import('./orderLinesPart');

/** Said when the order of `?bestellung=` could not be read: the plain form stays. */
export const ORDER_LOAD_FAILED =
  'Ihre Bestellung konnte gerade nicht geladen werden. Bitte geben Sie Ihre Angaben selbst ein.';

/** A headerGuid as the API takes it; anything else in `?bestellung=` is ignored (the plain form). */
export const isHeaderGuid = (value: string | null): value is string =>
  value !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * Session 24: the order a withdrawal page was opened for (`/vertrag-widerrufen?bestellung=<headerGuid>`, linked from
 * the order page and the account), read as the order page reads it: the headerGuid is the proof that the order is
 * the consumer's. `order` and the line picker's code (`part`) once loaded and placed (`onLoaded` fills in the form
 * in the same update); otherwise `notice`, why the plain form stays (it could not be read, or it was not placed:
 * session 24, withdrawfixui). Both are imported on demand: the page's first script stays as it was without a
 * headerGuid.
 */
export function useProvenOrder(
  headerGuid: string | undefined,
  onLoaded: (order: Order) => void,
): { order?: Order; part?: LinesPart; notice?: string } {
  const { sdk } = useShop();
  const [state, setState] = useState<{ order?: Order; part?: LinesPart; notice?: string }>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per order; the callback changes each render
  useEffect(() => {
    if (!headerGuid) return;
    let live = true;
    import('./orderLinesPart')
      .then(async (part) => {
        const { order, placed } = await part.provenOrder(sdk, headerGuid);
        if (!live) return;
        // In the same render as the lines: the form's fields are filled in before it can be sent.
        if (placed) onLoaded(order);
        setState(placed ? { order, part } : { notice: part.LINES_TEXT.notPlaced });
      })
      .catch(() => live && setState({ notice: ORDER_LOAD_FAILED }));
    return () => {
      live = false;
    };
  }, [headerGuid, sdk]);
  return state;
}
