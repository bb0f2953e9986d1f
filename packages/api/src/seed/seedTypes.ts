import type {
  Article,
  Category,
  Company,
  Coupon,
  Discount,
  PaymentType,
  Product,
  ShippingMethod,
} from '@lp/sdk/contract';

/** A seeded shop customer for the account pages (storefront issue); the password is hashed on insert. */
export interface SeedCustomer {
  id: number;
  email: string;
  password: string;
  name: string;
  lastName: string;
  customerCompanyId: number;
  customerCompanyGroupRoleId: number;
}

/** The seller's identity on invoices and the standard VAT rate in whole percent (companies, migration 025). */
export interface SeedSeller {
  legalName: string;
  street: string;
  postcode: string;
  city: string;
  vatId: string;
  vatRate: number;
  /** The contact point an XRechnung names (migration 033): a person or department, a telephone, an e-mail. */
  contactName?: string;
  contactPhone?: string;
  contactEmail?: string;
}

/**
 * The demo shop of company lp-de as plain data. `seed.ts` inserts it idempotently; the data module knows
 * nothing of the database.
 */
export interface SeedData {
  company: Company;
  /** The company's invoice data (migration 025); without it the identity stays unset and the rate is 19. */
  seller?: SeedSeller;
  /** Flat list; the tree is rebuilt from ParentId (Children are ignored on insert). */
  categories: Category[];
  products: Product[];
  articles: Article[];
  shippingMethods: ShippingMethod[];
  coupons: Coupon[];
  paymentTypes: PaymentType[];
  discounts: Discount[];
  customers: SeedCustomer[];
  /** Product codes in upsell order (spec 9: 22 codes with prefixes FKZ and KZH). */
  upsellOrder: string[];
}
