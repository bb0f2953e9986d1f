import type { ShippingMethod } from '@lp/sdk/contract';
import { FREE_SHIPPING_FROM } from './contactDetails';

/**
 * The demo's delivery time within Germany: made and shipped the same working day when ordered before 14:00 (the
 * chrome's promise), then DHL's one to two days. Shown on product pages, in the checkout's review, the order
 * confirmation and the 'Zahlung und Versand' page (decisions.md, "Delivery time", session 15).
 */
export const DELIVERY_TIME = '1–3 Werktage';

/**
 * One active method. Order matters: the first rate whose minimum the total reaches is used, and the free-shipping
 * minimum is the minOrderAmount of the first rate with rate 0 (spec 9).
 */
export const shippingMethods: ShippingMethod[] = [
  {
    id: 1,
    name: 'DHL Standard',
    deliveryTime: DELIVERY_TIME,
    shippingRates: [
      { rate: 0, minOrderAmount: FREE_SHIPPING_FROM },
      { rate: 4.9, minOrderAmount: 0 },
    ],
  },
];
