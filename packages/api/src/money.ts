import { badRequest } from './http/ApiError';

/** Money travels as euros with two decimals and is stored as integer cents (no float drift in sums). */
export function toCents(euros: number): number {
  return Math.round(euros * 100);
}

export function toEuros(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * The cents of an amount a client sends, or null when it is no amount of money: more than two decimals (29.401 is
 * no price; 19.999 must not reach a 20 € minimum by rounding). Binary float noise of a two-decimal number
 * (0.1 + 0.2) is tolerated. The one rule for every euro amount the API reads (session 23, accountant).
 */
export function wholeCents(euros: number): number | null {
  const cents = Math.round(euros * 100);
  // Float noise is relative to the amount (~1e-16 of it); a fixed tolerance let 19.999999999 pass as 20.00.
  return Math.abs(euros * 100 - cents) > Math.max(1, Math.abs(cents)) * 1e-12 ? null : cents;
}

/** The cents of a client's euro `field`, or 400 `validation` when it has more than two decimals (`wholeCents`). */
export function requireCents(field: string, euros: number): number {
  const cents = wholeCents(euros);
  if (cents === null)
    throw badRequest('validation', `${field} must be euros with at most two decimals.`, [
      { field, message: 'at most two decimals' },
    ]);
  return cents;
}
