import type { ShippingMethod } from '@lp/sdk/contract';
import { FREE_SHIPPING_FROM } from './contactDetails';

/**
 * One active method. Order matters: the first rate whose minimum the total reaches is used, and the free-shipping
 * minimum is the minOrderAmount of the first rate with rate 0 (spec 9).
 */
export const shippingMethods: ShippingMethod[] = [
  {
    id: 1,
    name: 'DHL Standard',
    shippingRates: [
      { rate: 0, minOrderAmount: FREE_SHIPPING_FROM },
      { rate: 4.9, minOrderAmount: 0 },
    ],
  },
];
