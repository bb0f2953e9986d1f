import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PriceSummary } from '../PriceSummary';
import { freeShippingHint } from '../freeShippingHint';

// Intl writes a no-break space before the euro sign; compare what a reader sees.
const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

describe('freeShippingHint', () => {
  it('names the amount still missing with two decimals', () => {
    expect(plain(freeShippingHint(37.7, 50))).toBe('Noch 12,30 € bis zum kostenlosen Versand');
    expect(plain(freeShippingHint(49.99, 50))).toBe('Noch 0,01 € bis zum kostenlosen Versand');
    // floating point: 0.1 + 0.2 style sums must not print 12,299999
    expect(plain(freeShippingHint(0.1 + 0.2 + 37.4, 50))).toBe('Noch 12,30 € bis zum kostenlosen Versand');
  });

  it('says shipping is free once the threshold is reached', () => {
    expect(freeShippingHint(50, 50)).toBe('Ihre Bestellung wird kostenlos versendet.');
    expect(freeShippingHint(120, 50)).toBe('Ihre Bestellung wird kostenlos versendet.');
  });

  it('says nothing without a threshold, for an empty cart or for nonsense', () => {
    expect(freeShippingHint(10, 0)).toBeNull();
    expect(freeShippingHint(0, 50)).toBeNull();
    expect(freeShippingHint(Number.NaN, 50)).toBeNull();
    expect(freeShippingHint(10, Number.NaN)).toBeNull();
    expect(freeShippingHint(-5, 50)).toBeNull();
  });
});

describe('<PriceSummary>', () => {
  it('shows Zwischensumme, Versand and Gesamtsumme with two decimals and the missing amount', () => {
    render(
      <PriceSummary summary={{ cartAmount: 37.7, shippingAmount: 4.9, total: 42.6 }} freeShippingFrom={50} />,
    );
    expect(plain(screen.getByText('Zwischensumme').nextElementSibling?.textContent)).toBe('37,70 €');
    expect(plain(screen.getByText('Versand').nextElementSibling?.textContent)).toBe('4,90 €');
    expect(plain(screen.getByTestId('cart-total').textContent)).toBe('42,60 €');
    expect(screen.queryByText('Mengenrabatt')).toBeNull();
    expect(screen.queryByText(/Gutschein/)).toBeNull();
    expect(plain(screen.getByText(/bis zum kostenlosen Versand/).textContent)).toBe(
      'Noch 12,30 € bis zum kostenlosen Versand',
    );
  });

  it('shows free shipping as "kostenlos" and no missing amount above the threshold', () => {
    render(<PriceSummary summary={{ cartAmount: 60, shippingAmount: 0, total: 60 }} freeShippingFrom={50} />);
    expect(screen.getByText('Versand').nextElementSibling?.textContent).toBe('kostenlos');
    expect(screen.queryByText(/bis zum kostenlosen Versand/)).toBeNull();
    expect(screen.getByText('Ihre Bestellung wird kostenlos versendet.')).toBeTruthy();
  });

  it('adds up: catalogue subtotal, quantity discount, the cart coupon, shipping (issue 13)', () => {
    // 4 x 12,90 € = 51,60 €; 10 % Mengenrabatt 5,16 €; WILLKOMMEN10 4,64 €; shipping 4,90 €.
    render(
      <PriceSummary
        summary={{ cartAmount: 46.44, shippingAmount: 4.9, discountAmount: 4.64, total: 46.7 }}
        freeShippingFrom={50}
        cart={{
          quantityDiscountAmount: 5.16,
          coupon: {
            code: 'WILLKOMMEN10',
            kind: 'percent',
            value: 10,
            minOrderAmount: 0,
            discountAmount: 4.64,
            problem: null,
          },
        }}
      />,
    );
    // A row's label as read (the coupon's code is an element of its own: not translated by a page translator).
    const label = (text: string) =>
      screen.getByText((_, element) => element?.tagName === 'DT' && element.textContent === text);
    const row = (text: string) => plain(label(text).nextElementSibling?.textContent);
    expect(row('Zwischensumme')).toBe('51,60 €');
    expect(row('Mengenrabatt')).toBe('−5,16 €');
    expect(row('Rabatt (Gutschein WILLKOMMEN10)')).toBe('−4,64 €');
    expect(row('Versand')).toBe('4,90 €');
    expect(plain(screen.getByTestId('cart-total').textContent)).toBe('46,70 €');
  });
});
