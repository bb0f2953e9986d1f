import type { Coupon } from '@lp/sdk/contract';
import type { Queryable } from '../db/Db';
import { ApiError, badRequest, notFound } from '../http/ApiError';
import { toEuros } from '../money';
import type { StoredCoupon } from '../orders/orderRepo';

interface CouponRow extends Record<string, unknown> {
  company_id: number;
  code: string;
  kind: 'percent' | 'fixed';
  value_amount: number;
  min_order_cents: number;
  valid_until: Date | string | null;
}

export const COUPON_CODE = /^[A-Za-z0-9_-]{1,40}$/;

export interface LoadedCoupon {
  coupon: Coupon;
  /** Percent in hundredths of a percent, fixed in cents. */
  valueAmount: number;
  minOrderCents: number;
}

function toCoupon(r: CouponRow): LoadedCoupon {
  return {
    coupon: {
      code: r.code,
      companyId: r.company_id,
      kind: r.kind,
      value: toEuros(r.value_amount),
      minOrderAmount: toEuros(r.min_order_cents),
      validUntil: r.valid_until === null ? null : new Date(r.valid_until).toISOString(),
    },
    valueAmount: r.value_amount,
    minOrderCents: r.min_order_cents,
  };
}

const COUPON_SELECT =
  'SELECT company_id, code, kind, value_amount, min_order_cents, valid_until FROM coupons WHERE company_id = $1 AND code = $2';

/** The coupon of a code, usable or not (the cart view says why one takes nothing); null when unknown. */
export async function findCoupon(
  db: Queryable,
  companyId: number,
  code: string,
): Promise<LoadedCoupon | null> {
  const [row] = await db.query<CouponRow>(COUPON_SELECT, [companyId, code.toUpperCase()]);
  return row ? toCoupon(row) : null;
}

/** Why a coupon takes nothing off `cartCents` now, or null when it applies. */
export function couponProblem(
  loaded: LoadedCoupon,
  cartCents: number,
  now = new Date(),
): 'coupon-expired' | 'coupon-minimum-not-reached' | null {
  const until = loaded.coupon.validUntil;
  if (until !== null && new Date(until).getTime() < now.getTime()) return 'coupon-expired';
  if (cartCents < loaded.minOrderCents) return 'coupon-minimum-not-reached';
  return null;
}

/**
 * Finds a usable coupon or throws the spec 8 answer: 400 malformed or expired or minimum not reached, 404 unknown.
 * Codes compare case-insensitively.
 */
export async function usableCoupon(
  db: Queryable,
  code: string,
  companyId: number,
  orderCents?: number,
  now = new Date(),
): Promise<LoadedCoupon> {
  if (!COUPON_CODE.test(code)) {
    throw badRequest('validation', 'The coupon code is malformed.', [
      { field: 'code', message: 'letters, digits, - and _ only' },
    ]);
  }
  const [row] = await db.query<CouponRow>(COUPON_SELECT, [companyId, code.toUpperCase()]);
  if (!row) throw notFound('coupon-not-found', 'Coupon not found.');
  const loaded = toCoupon(row);
  if (row.valid_until !== null && new Date(row.valid_until).getTime() < now.getTime()) {
    throw badRequest('coupon-expired', 'The coupon has expired.', [{ field: 'code', message: 'expired' }]);
  }
  if (orderCents !== undefined && orderCents < loaded.minOrderCents) {
    throw new ApiError(
      400,
      'coupon-minimum-not-reached',
      `The coupon needs a minimum order of ${loaded.coupon.minOrderAmount.toFixed(2)} EUR.`,
      [{ field: 'code', message: 'minimum order not reached' }],
    );
  }
  return loaded;
}

/** Discount in cents for a goods total; never more than the total. */
export function discountCents(loaded: LoadedCoupon, cartCents: number): number {
  const raw =
    loaded.coupon.kind === 'percent'
      ? Math.round((cartCents * loaded.valueAmount) / 10_000)
      : loaded.valueAmount;
  return Math.max(0, Math.min(raw, cartCents));
}

export function storedCoupon(loaded: LoadedCoupon): StoredCoupon {
  return { code: loaded.coupon.code, kind: loaded.coupon.kind, value: loaded.coupon.value };
}
