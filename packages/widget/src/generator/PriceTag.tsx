/** @jsxImportSource preact */
import { de } from '../i18n/de';
import { formatPrice } from '../i18n/formatPrice';

export interface PriceTagProps {
  /** The server's unit price (variant or product), euro. */
  unitPrice: number;
  quantity: number;
}

/** Total and unit price, VAT included (the catalogue's prices are gross). Announced politely when it changes. */
export function PriceTag({ unitPrice, quantity }: PriceTagProps) {
  const total = Math.round(unitPrice * quantity * 100) / 100;
  return (
    <p class="price" part="price" aria-live="polite" aria-atomic="true">
      <span class="sr-only">{de.price}: </span>
      <span class="price-total">{formatPrice(total)}</span>{' '}
      <span class="price-detail">
        {quantity} × {formatPrice(unitPrice)} {de.each}, {de.vat}
      </span>
    </p>
  );
}
