import { addressSchema } from '../cart/cartSchemas';
import { guidSchema, objectSchema, text } from '../http/schemas';

export const paymentMethodSchema = {
  type: 'string',
  enum: ['paypal', 'card', 'googlepay', 'applepay'],
} as const;

export const saveOrderSchema = objectSchema(
  {
    billingPerson: objectSchema(
      { email: text(254, 1), phone: text(30, 1), name: text(100, 1), lastName: text(100, 1) },
      ['email', 'phone', 'name', 'lastName'],
    ),
    shippingAddress: addressSchema,
    billingAddress: addressSchema,
    paymentMethod: paymentMethodSchema,
    couponCode: text(40),
    headerGuid: guidSchema,
  },
  ['billingPerson', 'shippingAddress', 'paymentMethod'],
);

export const headerGuidBodySchema = objectSchema({ headerGuid: guidSchema }, ['headerGuid']);

export const applyCouponSchema = objectSchema({ headerGuid: guidSchema, code: text(100, 1) }, [
  'headerGuid',
  'code',
]);

export const createPaymentSchema = objectSchema(
  {
    headerGuid: guidSchema,
    paymentMethod: paymentMethodSchema,
    returnUrl: text(2000, 1),
    cancelUrl: text(2000, 1),
  },
  ['headerGuid', 'paymentMethod', 'returnUrl', 'cancelUrl'],
);
