import { formatEuro } from '../../format';

const cents = (value: number) => Math.round((value + Number.EPSILON) * 100);

/**
 * spec 9 / issue 6: free shipping is shown with the amount still missing, e.g. 'Noch 12,30 € bis zum kostenlosen
 * Versand'. Null when no threshold exists (0) or the cart is empty.
 *
 * @example
 * freeShippingHint(37.7, 50); // 'Noch 12,30 € bis zum kostenlosen Versand'
 */
export function freeShippingHint(cartAmount: number, freeFrom: number): string | null {
  if (!(freeFrom > 0) || !(cartAmount > 0)) return null;
  const missing = cents(freeFrom) - cents(cartAmount);
  if (missing <= 0) return 'Ihre Bestellung wird kostenlos versendet.';
  return `Noch ${formatEuro(missing / 100)} bis zum kostenlosen Versand`;
}
