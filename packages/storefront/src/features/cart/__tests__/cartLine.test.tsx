import type { CartItem } from '@lp/sdk/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CartLine } from '../CartLine';

const holder = (extra: Partial<CartItem> = {}): CartItem => ({
  itemInternalId: 'line-1',
  productUniqueId: 'KZH-001',
  price: 4.9,
  description: 'Kennzeichenhalter',
  currency: 'EUR',
  quantity: 2,
  addData: [{ count: 2, info: { Alias: 'kennzeichenhalter', Title: 'Kennzeichenhalter', Attributes: {} } }],
  ...extra,
});

function renderLine(item: CartItem) {
  const onQuantity = vi.fn();
  const onRemove = vi.fn();
  render(
    <table>
      <tbody>
        <CartLine
          item={item}
          position={1}
          min={1}
          pending={false}
          onQuantity={onQuantity}
          onRemove={onRemove}
        />
      </tbody>
    </table>,
  );
  return { onQuantity, onRemove };
}

describe('a cart line the shop no longer sells', () => {
  it('says so on the line, offers only its removal and keeps the quantity as it is', () => {
    const { onQuantity, onRemove } = renderLine(holder({ unavailable: true }));
    expect(screen.getByText('Nicht mehr erhältlich. Bitte entfernen Sie diesen Artikel.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Position 1: Menge erhöhen' }));
    expect(onQuantity).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Entfernen: Kennzeichenhalter' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('shows no such note on a line still sold, whose quantity can change', () => {
    const { onQuantity } = renderLine(holder());
    expect(screen.queryByText(/Nicht mehr erhältlich/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Position 1: Menge erhöhen' }));
    expect(onQuantity).toHaveBeenCalledWith(3);
  });
});
