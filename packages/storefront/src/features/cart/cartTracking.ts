import type { TrackItem } from '@lp/sdk';
import type { CartItem, Order, OrderItem } from '@lp/sdk/contract';

/** Whole cents of a figure; junk (NaN, text) counts as 0, since tracking must never break the shop (spec 8). */
const cents = (euro: unknown) => Math.round((Number(euro) || 0) * 100);

/**
 * GA4 price fields of a line (issue 13): `price` is the unit price the shopper pays and `discount` the quantity
 * discount per unit, as GA4 asks for discounted items. From the server's figures only, never recomputed tiers.
 */
function pricedItem(unitPrice: number, lineQuantity: number, discountAmount = 0) {
  const quantity = Number(lineQuantity) || 0;
  const unitDiscount = quantity > 0 ? Math.round(cents(discountAmount) / quantity) / 100 : 0;
  return {
    price: (cents(unitPrice) - cents(unitDiscount)) / 100,
    quantity,
    ...(unitDiscount > 0 && { discount: unitDiscount }),
  };
}

/** A GA4 ecommerce item from a cart line (spec 4 tracked events); `quantity` for a part of the line (removal). */
export const cartTrackItem = (item: CartItem, quantity = item.quantity): TrackItem => ({
  item_id: item.productUniqueId,
  item_name: item.addData?.[0]?.info.Title || item.description,
  ...pricedItem(item.price, item.quantity, item.discountAmount),
  quantity: Number(quantity) || 0,
});

const orderTrackItem = (item: OrderItem): TrackItem => ({
  item_id: item.itemId,
  item_name: item.businessName,
  ...pricedItem(item.price, item.itemQuantity, item.discountAmount),
});

/** GA4 items of a whole order (purchase, order_confirmation). */
export const orderTrackItems = (order: Order): TrackItem[] => order.orderItems.map(orderTrackItem);

/** The GA4 purchase payload of a paid order: transaction id, value, shipping, coupon. */
export const purchasePayload = (order: Order) => ({
  transaction_id: order.orderNumber,
  value: order.totalAmount,
  shipping: order.shippingOption.price,
  ...(order.coupon ? { coupon: order.coupon.code } : {}),
  items: orderTrackItems(order),
});
