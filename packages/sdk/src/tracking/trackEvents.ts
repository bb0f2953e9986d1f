import { roundCents } from '../cart/cartSummary';
import { CURRENCY } from '../contract/constants';

/** spec 4: the tracked shop events. */
export const TRACK_EVENTS: readonly TrackEventName[] = [
  'view_item_list',
  'view_item',
  'add_to_cart',
  'remove_from_cart',
  'view_cart',
  'begin_checkout',
  'add_shipping_info',
  'add_payment_info',
  'purchase',
  'order_confirmation',
];
export type TrackEventName =
  | 'view_item_list'
  | 'view_item'
  | 'add_to_cart'
  | 'remove_from_cart'
  | 'view_cart'
  | 'begin_checkout'
  | 'add_shipping_info'
  | 'add_payment_info'
  | 'purchase'
  | 'order_confirmation';

/** One GA4 ecommerce item. */
export interface TrackItem {
  item_id: string;
  item_name: string;
  item_brand?: string;
  affiliation?: string;
  /** @default 'nummernschilder' (spec 9) */
  item_category?: string;
  /** The unit price the shopper pays, euro (after a quantity discount). */
  price: number;
  quantity: number;
  /** GA4: the quantity discount per unit, euro; left out without one. */
  discount?: number;
}

/** What callers pass to `track`: the items plus any extra GA4 fields (transaction_id, shipping, coupon...). */
export interface TrackPayload {
  items: TrackItem[];
  /** @default sum of price x quantity */
  value?: number;
  [field: string]: unknown;
}

/** The object pushed to the data layer. */
export interface TrackPush {
  event: TrackEventName;
  ecommerce: {
    currency: string;
    value: number;
    items: (Required<Omit<TrackItem, 'discount'>> & Pick<TrackItem, 'discount'>)[];
    [field: string]: unknown;
  };
}

/** Builds the GA4-shaped push; brand and affiliation fill items that lack them. */
export function buildPush(event: TrackEventName, payload: TrackPayload, brand: string): TrackPush {
  const items = (Array.isArray(payload.items) ? payload.items : []).map((item) => ({
    item_id: String(item.item_id),
    item_name: String(item.item_name),
    item_brand: item.item_brand ?? brand,
    affiliation: item.affiliation ?? brand,
    // spec 9: the tracking default category. Written here: as a constant it stays a variable in the bundles.
    item_category: item.item_category ?? 'nummernschilder',
    price: Number(item.price) || 0,
    quantity: Number(item.quantity) || 0,
    ...(Number(item.discount) > 0 && { discount: Number(item.discount) }),
  }));
  const sum = items.reduce((total, item) => total + item.price * item.quantity, 0);
  const value = typeof payload.value === 'number' ? payload.value : roundCents(sum);
  return { event, ecommerce: { ...payload, currency: CURRENCY, value, items } };
}
