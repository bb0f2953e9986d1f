import type { CartItem, Discount } from '@lp/sdk/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { LinePrice } from '../LinePrice';
import { PriceNote } from '../PriceNote';
import { PriceAtQuantity, TierTable } from '../QuantityDiscounts';
import { cartLineFigures } from '../lineFigures';

const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ').trim();

const PLATE: Discount[] = [
  { ProductKey: 'KFZ-001', Percent: 10, MinQuantity: 4, Label: 'Mengenrabatt: 10 % ab 4 Kennzeichen' },
];
const HOLDER: Discount[] = [
  { ProductKey: 'KZH-029', Percent: 20, MinQuantity: 50, Label: 'Mengenrabatt: 20 % ab 50 Stück' },
  { ProductKey: 'KZH-029', Percent: 10, MinQuantity: 10, Label: 'Mengenrabatt: 10 % ab 10 Stück' },
];

describe('<TierTable>', () => {
  it('lists the tiers in ascending quantity with percent and unit price', () => {
    render(<TierTable tiers={HOLDER} unitPrice={9.9} />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => plain(row.textContent))).toEqual([
      'ab 10 Stück10 %8,91 €',
      'ab 50 Stück20 %7,92 €',
    ]);
    expect(screen.getByRole('table', { name: 'Mengenrabatt' })).toBeTruthy();
  });

  it('shows nothing for a product without (usable) tiers', () => {
    const { container } = render(
      <TierTable
        tiers={[
          { ...PLATE[0]!, Percent: 0 },
          { ...PLATE[0]!, Percent: 120 },
        ]}
        unitPrice={12.9}
      />,
    );
    expect(container.innerHTML).toBe('');
  });
});

describe('<PriceAtQuantity>', () => {
  it.each([
    // A line break (<br>) separates the hint.
    [3, '3 Stück: 38,70 €Ab 4 Stück 10 % Mengenrabatt.'],
    [4, '4 Stück: 46,44 € (11,61 € / Stück, 10 % Mengenrabatt)'],
  ])('at %i plates says %s', (quantity, text) => {
    render(<PriceAtQuantity tiers={PLATE} unitPrice={12.9} quantity={quantity} />);
    expect(plain(screen.getByText(/Stück:/).closest('p')?.textContent).replace(/\s+/g, ' ')).toBe(text);
  });

  it('names the next tier between two tiers', () => {
    render(<PriceAtQuantity tiers={HOLDER} unitPrice={9.9} quantity={10} />);
    expect(screen.getByText('Ab 50 Stück 20 % Mengenrabatt.')).toBeTruthy();
    expect(plain(screen.getByText('89,10 €').textContent)).toBe('89,10 €');
  });
});

describe('<LinePrice>', () => {
  const item = (patch: Partial<CartItem>): CartItem => ({
    itemInternalId: 'a',
    productUniqueId: 'KFZ-001',
    price: 12.9,
    description: '',
    currency: 'EUR',
    quantity: 4,
    addData: [],
    ...patch,
  });

  it('shows unit price, the discount with its reason and the line total', () => {
    const { container } = render(
      <LinePrice
        line={cartLineFigures(
          item({
            discountPercent: 10,
            discountAmount: 5.16,
            lineTotal: 46.44,
            discountLabel: 'Mengenrabatt: 10 % ab 4 Kennzeichen',
          }),
        )}
      />,
    );
    expect(plain(container.textContent)).toBe(
      '4 × 12,90 € Mengenrabatt (10 % ab 4 Kennzeichen): −5,16 € = 46,44 €',
    );
  });

  it('reads a line without discount fields as undiscounted', () => {
    const { container } = render(<LinePrice line={cartLineFigures(item({ quantity: 3 }))} />);
    expect(plain(container.textContent)).toBe('3 × 12,90 € = 38,70 €');
  });
});

describe('<PriceNote> (PAngV)', () => {
  it('says the price includes VAT and that shipping is added, linking the shipping costs', () => {
    const { container } = render(
      <MemoryRouter>
        <PriceNote />
      </MemoryRouter>,
    );
    expect(plain(container.textContent)).toBe('inkl. MwSt., zzgl. Versand');
    expect(screen.getByRole('link', { name: 'Versand' }).getAttribute('href')).toBe('/zahlung-und-versand');
  });
});
