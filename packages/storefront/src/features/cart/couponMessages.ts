import { isLpError } from '@lp/sdk';
import type { Coupon } from '@lp/sdk/contract';
import { formatEuro } from '../../format';

/** What the shopper sees after a coupon call (spec 8 outcomes in German). */
export interface CouponOutcome {
  ok: boolean;
  message: string;
}

export const COUPON_MESSAGES = {
  empty: 'Bitte geben Sie einen Gutscheincode ein.',
  invalid: 'Dieser Gutscheincode ist ungültig oder abgelaufen.',
  minimum: 'Der Mindestbestellwert für diesen Gutschein ist noch nicht erreicht.',
  unknown: 'Diesen Gutscheincode gibt es nicht. Bitte prüfen Sie die Schreibweise.',
  applied: 'Es ist bereits ein Gutschein angewendet.',
  server: 'Der Gutschein konnte gerade nicht geprüft werden. Bitte versuchen Sie es später erneut.',
} as const;

/** A valid coupon in words: 'Gutschein WILLKOMMEN10: 10 % Rabatt' / '… 5,00 € Rabatt ab 20,00 € Bestellwert'. */
export function couponSuccessMessage(
  coupon: Pick<Coupon, 'code' | 'kind' | 'value' | 'minOrderAmount'>,
): string {
  const amount =
    coupon.kind === 'percent' ? `${String(coupon.value).replace('.', ',')} %` : formatEuro(coupon.value);
  const minimum = coupon.minOrderAmount > 0 ? ` ab ${formatEuro(coupon.minOrderAmount)} Bestellwert` : '';
  return `Gutschein ${coupon.code}: ${amount} Rabatt${minimum}.`;
}

/**
 * spec 8: coupon validate answers 400, 404 or 500, coupon post also 409. The API's machine code (DESIGN 2) picks
 * a clear German message; anything else (network, timeout, a server fault) counts as a server error.
 *
 * @example
 * couponErrorMessage(error); // 'Diesen Gutscheincode gibt es nicht. …' for apiCode 'coupon-not-found'
 */
export function couponErrorMessage(error: unknown): string {
  switch (isLpError(error) ? error.apiCode : undefined) {
    case 'coupon-minimum-not-reached':
      return COUPON_MESSAGES.minimum;
    case 'coupon-expired':
    case 'validation':
      return COUPON_MESSAGES.invalid;
    case 'coupon-not-found':
      return COUPON_MESSAGES.unknown;
    case 'coupon-already-applied':
      return COUPON_MESSAGES.applied;
    default:
      return COUPON_MESSAGES.server;
  }
}
