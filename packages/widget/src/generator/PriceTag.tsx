/** @jsxImportSource preact */
import { de } from '../i18n/de';
import { formatPrice } from '../i18n/formatPrice';

export interface PriceTagProps {
  /** The server's unit price (variant or product), euro; null while the product loads. */
  unitPrice: number | null;
  quantity: number;
  /** The product failed to load: the line stays (no layout shift) but no longer says it is loading. */
  failed?: boolean;
}

/**
 * Total and unit price, VAT included (the catalogue's prices are gross). Announced politely when it changes.
 * While the product loads, the same two lines hold the loading note, so the price takes their place without
 * moving anything (DESIGN 7: CLS under 0.02).
 */
export function PriceTag({ unitPrice, quantity, failed }: PriceTagProps) {
  if (unitPrice === null)
    return (
      <p class="price" part="price" role="status">
        <span class="price-total">{'\u00a0'}</span>
        <span class="price-detail">{failed ? '\u00a0' : de.loading}</span>
      </p>
    );
  const total = Math.round(unitPrice * quantity * 100) / 100;
  return (
    <p class="price" part="price" aria-live="polite" aria-atomic="true">
      <span class="sr-only">{de.price}: </span>
      <span class="price-total">{formatPrice(total)}</span>{' '}
      <span class="price-detail">
        {quantity} × {formatPrice(unitPrice)} {de.each}
      </span>
    </p>
  );
}
