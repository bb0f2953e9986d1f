const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/**
 * A server price in German format: `12.9` -> `12,90 €` (spec 9: currency EUR with the euro symbol).
 *
 * @example
 * formatPrice(25.8); // '25,80 €'
 */
export function formatPrice(amount: number): string {
  // Intl writes a no-break space before the sign; keep it so the sign never wraps onto its own line.
  return euro.format(amount);
}
