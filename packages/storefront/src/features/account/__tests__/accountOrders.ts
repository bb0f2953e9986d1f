// The logged-in customer and her orders, as the account API answers them, for the tests of "Meine Bestellungen".

/** Rita, a returning buyer with an account. */
export const RITA = {
  id: 1000,
  email: 'rita@example.de',
  name: 'Rita',
  lastName: 'Rückkehr',
  customerCompanyId: 100000,
  customerCompanyGroupRoleId: 3001,
};

/**
 * One of Rita's orders as the order list answers it: paid by PayPal, 20 € of goods and Standard delivery (4,90 €),
 * to Berlin. `overrides` set what a test is about (number, status, amounts, shipment ...).
 */
export function ritaOrder(overrides: Record<string, unknown> = {}) {
  return {
    headerGuid: 'c0ffee00-0000-4000-8000-000000000001',
    orderNumber: 'LP-1001',
    status: 'paid',
    companyId: 1001,
    customerId: 1000,
    createdAt: '2026-11-20T10:00:00.000Z',
    cartAmount: 20,
    discountAmount: 0,
    totalAmount: 24.9,
    orderItems: [],
    shippingOption: { id: 1, name: 'Standard', price: 4.9 },
    billingPerson: { email: 'rita@example.de', phone: '+49 301234567', name: 'Rita', lastName: 'Rückkehr' },
    shippingAddress: { city: 'Berlin', country: 'DE' },
    billingAddress: { zipCode: '10115', country: 'DE' },
    paymentMethod: 'paypal',
    coupon: null,
    isCustomDesign: false,
    ...overrides,
  };
}
