import type { PaymentType } from '@lp/sdk/contract';

/** Payment types of lp-de (spec 1: wallet and card providers; footer icons paypal, visa, mastercard, amex). */
export const paymentTypes: PaymentType[] = [
  { id: 'paypal', name: 'PayPal', brands: [] },
  { id: 'card', name: 'Kreditkarte', brands: ['visa', 'mastercard', 'amex'] },
  { id: 'googlepay', name: 'Google Pay', brands: [] },
  { id: 'applepay', name: 'Apple Pay', brands: [] },
];
