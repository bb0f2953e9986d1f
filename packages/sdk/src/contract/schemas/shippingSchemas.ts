import { Type } from '@sinclair/typebox';
import { Euro } from './primitives';

export const ShippingRateSchema = Type.Object({ rate: Euro, minOrderAmount: Euro });

export const ShippingMethodSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  shippingRates: Type.Array(ShippingRateSchema),
  /**
   * The delivery time the shop owner states for this method within Germany, shown to shoppers as written
   * ('1–3 Werktage'; Art. 246a § 1 (1) no. 7 EGBGB). Absent when the shop states none.
   */
  deliveryTime: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});

export const ShippingRateResultSchema = Type.Object({
  methodId: Type.Integer(),
  name: Type.String(),
  shippingCost: Euro,
});

export const CountrySchema = Type.Object({ code: Type.String(), name: Type.String() });
