import { formatEuro } from '../../format';
import type { LineFigures } from './lineFigures';

/** "Mengenrabatt (10 % ab 4 Kennzeichen): −5,16 €", or nothing without a discount. */
export function LineDiscount({ line }: { line: LineFigures }) {
  if (line.discount <= 0) return null;
  return (
    <span className="line-discount">
      {`Mengenrabatt${line.reason ? ` (${line.reason})` : ''}: −${formatEuro(line.discount)}`}
    </span>
  );
}

/**
 * A line's price in one sentence a shopper can check: quantity × unit price, the quantity discount and why, and
 * the line total ("4 × 12,90 € − Mengenrabatt (10 % ab 4 Kennzeichen): −5,16 € = 46,44 €").
 */
export function LinePrice({ line }: { line: LineFigures }) {
  return (
    <p className="line-price">
      <span>{`${line.quantity} × ${formatEuro(line.unitPrice)}`}</span>
      {line.discount > 0 && (
        <>
          {' '}
          <LineDiscount line={line} />
        </>
      )}{' '}
      = <strong>{formatEuro(line.total)}</strong>
    </p>
  );
}
