import type { CartItem } from '@lp/sdk/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CartOverview } from '../CartOverview';

const line = (id: string, title: string, extra: Partial<CartItem> = {}): CartItem => ({
  itemInternalId: id,
  productUniqueId: id,
  price: 4.9,
  description: title,
  currency: 'EUR',
  quantity: 1,
  addData: [{ count: 1, info: { Alias: id, Title: title, Attributes: {} } }],
  ...extra,
});

describe('the checkout summary of the cart', () => {
  it('names a line the shop no longer sells before the order is placed, and only that one', () => {
    render(
      <CartOverview
        items={[
          line('KZH-001', 'Kennzeichenhalter', { unavailable: true }),
          line('KZH-002', 'Halter Carbon'),
        ]}
      />,
    );
    const notes = screen.getAllByText(
      'Nicht mehr erhältlich. Bitte entfernen Sie diesen Artikel im Warenkorb.',
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]!.closest('li')?.textContent).toContain('Kennzeichenhalter');
  });
});
