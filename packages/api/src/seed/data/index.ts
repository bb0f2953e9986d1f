import type { SeedData } from '../seedTypes';
import { accessoryProducts } from './accessories';
import { articles } from './articles';
import { categories } from './categories';
import { company, seller } from './company';
import { coupons } from './coupons';
import { customers } from './customers';
import { discounts } from './discounts';
import { funAndSignProducts } from './funAndSigns';
import { holderProducts } from './holders';
import { paymentTypes } from './payment';
import { plateProducts } from './plates';
import { shippingMethods } from './shipping';
import { upsellOrder } from './upsellOrder';

/** The demo shop of lp-de (docs/reference/demo-catalogue.md). Plain data; seed.ts inserts it. */
export const seedData: SeedData = {
  company,
  seller,
  categories,
  products: [...plateProducts, ...holderProducts, ...funAndSignProducts, ...accessoryProducts],
  articles,
  shippingMethods,
  coupons,
  paymentTypes,
  discounts,
  customers,
  upsellOrder,
};

export { CATEGORY } from './categories';
export { SAMPLE_NOTE } from './articleHelpers';
export { FREE_SHIPPING_FROM } from './contactDetails';
