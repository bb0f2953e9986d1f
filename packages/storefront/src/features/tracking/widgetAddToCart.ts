import type { TrackItem } from '@lp/sdk';
import type { Cart, CartItem } from '@lp/sdk/contract';
import type { ShopTracker } from './shopTracker';

interface WidgetAddDetail {
  /** lp-plate-generator: the line the plate went into. */
  line?: CartItem | null;
  /** lp-print-editor: the product and the new cart. */
  productUniqueId?: string;
  cart?: Cart | null;
}

/** The GA4 item of a widget's `lp-add-to-cart` detail, or null when it names no line. */
export function itemFromWidgetDetail(detail: unknown, tracker: ShopTracker): TrackItem | null {
  if (!detail || typeof detail !== 'object') return null;
  const { line, productUniqueId, cart } = detail as WidgetAddDetail;
  if (line && typeof line === 'object') return tracker.fromCartItem(line);
  if (typeof productUniqueId === 'string' && Array.isArray(cart?.items)) {
    const match = cart.items.filter((item) => item.productUniqueId === productUniqueId).at(-1);
    if (match) return { ...tracker.fromCartItem(match), quantity: 1 };
  }
  return null;
}

/**
 * spec 4: add_to_cart for the embedded widget elements, whose `lp-add-to-cart` events bubble (composed) to the
 * document. Returns the function that removes the listener.
 */
export function listenWidgetAddToCart(
  target: Pick<Document, 'addEventListener' | 'removeEventListener'>,
  tracker: ShopTracker,
): () => void {
  const onAdd = (event: Event) => {
    const item = itemFromWidgetDetail((event as CustomEvent).detail, tracker);
    if (item) tracker.track('add_to_cart', { items: [item] });
  };
  target.addEventListener('lp-add-to-cart', onAdd);
  return () => target.removeEventListener('lp-add-to-cart', onAdd);
}
