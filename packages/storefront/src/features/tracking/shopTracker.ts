import type { Sdk, TrackEventName, TrackItem, TrackPayload } from '@lp/sdk';
import type { CartItem, Product } from '@lp/sdk/contract';
import { cartTrackItem } from '../cart/cartTracking';

/** spec 9: tracking default category. */
export const DEFAULT_TRACK_CATEGORY = 'nummernschilder';

/** The storefront's tracking helper (spec 4 tracked shop events), shared by every page. */
export interface ShopTracker {
  /**
   * Tracks one GA4 ecommerce event; brand, affiliation and category are filled in. Never throws; the SDK holds
   * the event until marketing consent (spec 4).
   * @example tracker.track('view_cart', { items: cart.items.map(tracker.fromCartItem) });
   */
  track(event: TrackEventName, payload: TrackPayload): void;
  /** A GA4 item from a catalogue product. */
  fromProduct(product: Product, quantity?: number): TrackItem;
  /** A GA4 item from a cart line. */
  fromCartItem(item: CartItem): TrackItem;
}

/**
 * Builds the shop tracker over the SDK's tracker. spec 9: brand and affiliation are the configured '{product}'
 * value; the storefront uses its configured company alias (src/config.ts `companyAlias`).
 *
 * @example
 * const tracker = createShopTracker(sdk, config.companyAlias);
 * tracker.track('view_item', { items: [tracker.fromProduct(product)] });
 */
export function createShopTracker(sdk: Pick<Sdk, 'tracker'>, brand: string): ShopTracker {
  const complete = (item: TrackItem): TrackItem => ({
    ...item,
    item_brand: item.item_brand ?? brand,
    affiliation: item.affiliation ?? brand,
    item_category: item.item_category ?? DEFAULT_TRACK_CATEGORY,
  });
  return {
    track(event, payload) {
      try {
        const items = Array.isArray(payload?.items) ? payload.items.map(complete) : [];
        sdk.tracker.track(event, { ...payload, items });
      } catch {
        // spec 8: tracking never breaks the shop; the SDK reports its own problems.
      }
    },
    fromProduct: (product, quantity = 1) =>
      complete({
        item_id: String(product.UniqueId),
        item_name: product.Title || product.Name,
        price: Number(product.Price) || 0,
        quantity,
      }),
    fromCartItem: (item) => complete(cartTrackItem(item)),
  };
}
