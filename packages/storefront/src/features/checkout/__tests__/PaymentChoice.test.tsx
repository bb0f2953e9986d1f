import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
// The brand icons are registered by the footer, which is on every page.
import '../../../icons/brandIcons';
import { PaymentChoice } from '../PaymentChoice';

describe('PaymentChoice', () => {
  it('names each option once, with the card brands in words a screen reader says (WCAG 1.1.1, 4.1.2)', () => {
    renderWithShop(
      <PaymentChoice
        types={[
          { id: 'paypal', name: 'PayPal', brands: [] },
          { id: 'card', name: 'Kreditkarte', brands: ['visa', 'mastercard', 'amex'] },
        ]}
        value="paypal"
        onChange={() => undefined}
      />,
    );
    // Chromium names the radios from the whole label, pictures included: that was 'PayPal PayPal' (the logo
    // repeated the label) and 'Kreditkarte VISA MASTERCARD AMEX'. The PayPal logo is decorative now.
    expect(screen.getByRole('radio', { name: 'PayPal' })).toBeTruthy();
    expect(screen.getAllByRole('img').map((icon) => icon.getAttribute('aria-label'))).toEqual([
      'Visa',
      'Mastercard',
      'American Express',
    ]);
  });
});
