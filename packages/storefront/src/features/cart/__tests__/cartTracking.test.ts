import type { CartItem, Order } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { cartTrackItem, orderTrackItems } from '../cartTracking';

// Figures as the reference API answers them: 10 holders at 14,90 € with 10 % from 10 pieces.
const discounted: CartItem = {
  itemInternalId: 'i1',
  productUniqueId: 'KZH-029',
  price: 14.9,
  description: 'Kennzeichenhalter',
  currency: 'EUR',
  quantity: 10,
  addData: [],
  discountPercent: 10,
  discountLabel: '10 % ab 10 Stück',
  discountAmount: 14.9,
  lineTotal: 134.1,
};

describe('GA4 items from cart and order lines (issue 13: quantity discounts)', () => {
  it('a discounted line reports the unit price paid and the unit discount, adding up to the line total', () => {
    const item = cartTrackItem(discounted);
    expect(item).toEqual({
      item_id: 'KZH-029',
      item_name: 'Kennzeichenhalter',
      price: 13.41,
      discount: 1.49,
      quantity: 10,
    });
    expect(item.price * item.quantity).toBeCloseTo(discounted.lineTotal ?? 0, 2);
  });

  it('a line without a discount has no discount field and its catalogue price', () => {
    const plain = { ...discounted, quantity: 2, discountPercent: 0, discountAmount: 0, lineTotal: 29.8 };
    expect(cartTrackItem(plain)).toEqual({
      item_id: 'KZH-029',
      item_name: 'Kennzeichenhalter',
      price: 14.9,
      quantity: 2,
    });
  });

  it('a removal of part of a line keeps the unit figures of the whole line', () => {
    expect(cartTrackItem(discounted, 1)).toMatchObject({ price: 13.41, discount: 1.49, quantity: 1 });
  });

  it('order lines carry the discount as ordered', () => {
    const order = {
      orderItems: [
        {
          itemId: 'KZH-029',
          itemInternalId: 'i1',
          businessName: 'Kennzeichenhalter',
          price: 14.9,
          itemQuantity: 10,
          attributes: {},
          discountPercent: 10,
          discountAmount: 14.9,
          lineTotal: 134.1,
        },
      ],
    } as unknown as Order;
    expect(orderTrackItems(order)).toEqual([
      { item_id: 'KZH-029', item_name: 'Kennzeichenhalter', price: 13.41, discount: 1.49, quantity: 10 },
    ]);
  });
});
