import type { Coupon } from '@lp/sdk/contract';
import { company } from './company';

const companyId = company.UniqueId;

/** Demo coupons: one of each kind, one with a minimum order and one expired (for the error path). */
export const coupons: Coupon[] = [
  { code: 'WILLKOMMEN10', companyId, kind: 'percent', value: 10, minOrderAmount: 0, validUntil: null },
  { code: 'SOMMER5', companyId, kind: 'fixed', value: 5, minOrderAmount: 20, validUntil: null },
  {
    code: 'ALT2020',
    companyId,
    kind: 'percent',
    value: 15,
    minOrderAmount: 0,
    validUntil: '2020-12-31T23:59:59.000Z',
  },
  // B2B: printable holders are ordered in quantities.
  { code: 'HALTER20', companyId, kind: 'percent', value: 20, minOrderAmount: 100, validUntil: null },
];
