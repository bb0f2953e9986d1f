import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { holder as holderFixture } from '../../../../__tests__/fixtures';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { ProductView } from '../ProductView';

const holder = holderFixture();

describe('the product page quantity (spec 5)', () => {
  it('lets the shopper delete the 1 and type 3, instead of turning it into 13', () => {
    renderWithShop(<ProductView product={holder} upsell={[]} />);
    const quantity = screen.getByLabelText('Menge') as HTMLInputElement;
    fireEvent.change(quantity, { target: { value: '' } });
    expect(quantity.value).toBe('');
    fireEvent.change(quantity, { target: { value: '3' } });
    expect(quantity.value).toBe('3');
  });

  it('never leaves a quantity below the minimum once the shopper leaves the field', () => {
    renderWithShop(<ProductView product={{ ...holder, MinQuantity: 2 }} upsell={[]} />);
    const quantity = screen.getByLabelText('Menge') as HTMLInputElement;
    expect(quantity.value).toBe('2');
    fireEvent.change(quantity, { target: { value: '' } });
    fireEvent.blur(quantity);
    expect(quantity.value).toBe('2');
    fireEvent.change(quantity, { target: { value: '0' } });
    fireEvent.blur(quantity);
    expect(quantity.value).toBe('2');
    fireEvent.change(quantity, { target: { value: '7' } });
    fireEvent.blur(quantity);
    expect(quantity.value).toBe('7');
  });
});
