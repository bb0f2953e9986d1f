import { Type } from '@sinclair/typebox';
import { Euro } from './primitives';

export const ShippingRateSchema = Type.Object({ rate: Euro, minOrderAmount: Euro });

export const ShippingMethodSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  shippingRates: Type.Array(ShippingRateSchema),
});

export const ShippingRateResultSchema = Type.Object({
  methodId: Type.Integer(),
  name: Type.String(),
  shippingCost: Euro,
});

export const CountrySchema = Type.Object({ code: Type.String(), name: Type.String() });
