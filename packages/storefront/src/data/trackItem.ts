import type { TrackItem } from '@lp/sdk';
import type { Product } from '@lp/sdk/contract';

/** A GA4 item for the SDK tracker from a catalogue product (spec 4 tracked events). */
export const trackItem = (product: Product, quantity = 1): TrackItem => ({
  item_id: product.UniqueId,
  item_name: product.Title || product.Name,
  price: product.Price,
  quantity,
});
