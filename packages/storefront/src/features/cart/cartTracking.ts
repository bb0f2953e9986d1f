import type { TrackItem } from '@lp/sdk';
import type { CartItem, Order } from '@lp/sdk/contract';

/** A GA4 ecommerce item from a cart line (spec 4 tracked events). */
export const cartTrackItem = (item: CartItem, quantity = item.quantity): TrackItem => ({
  item_id: item.productUniqueId,
  item_name: item.addData?.[0]?.info.Title || item.description,
  price: item.price,
  quantity,
});

/** GA4 items of a whole order (purchase, order_confirmation). */
export const orderTrackItems = (order: Order): TrackItem[] =>
  order.orderItems.map((item) => ({
    item_id: item.itemId,
    item_name: item.businessName,
    price: item.price,
    quantity: item.itemQuantity,
  }));

/** The GA4 purchase payload of a paid order: transaction id, value, shipping, coupon. */
export const purchasePayload = (order: Order) => ({
  transaction_id: order.orderNumber,
  value: order.totalAmount,
  shipping: order.shippingOption.price,
  ...(order.coupon ? { coupon: order.coupon.code } : {}),
  items: orderTrackItems(order),
});
