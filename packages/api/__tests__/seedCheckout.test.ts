// The seed's checkout data and the quantity discounts the catalogue promises. (Split from seedData.test.ts in
// session 22.)
import { describe, expect, it } from 'vitest';
import { seedData } from '../src/seed/data/index';
import { byCode, products } from './support/seedCatalogue';

describe('checkout data', () => {
  it('ships free from 50 € and for 4,90 € below, first matching rate first', () => {
    expect(seedData.shippingMethods).toHaveLength(1);
    const [method] = seedData.shippingMethods;
    expect(method).toMatchObject({ id: 1, name: 'DHL Standard' });
    expect(method!.shippingRates).toEqual([
      { rate: 0, minOrderAmount: 50 },
      { rate: 4.9, minOrderAmount: 0 },
    ]);
    const costFor = (total: number) => method!.shippingRates.find((r) => total >= r.minOrderAmount)?.rate;
    expect(costFor(49.99)).toBe(4.9);
    expect(costFor(50)).toBe(0);
  });

  it('has a percent, a fixed and an expired coupon for company 1001', () => {
    const coupon = (code: string) => seedData.coupons.find((c) => c.code === code);
    expect(coupon('WILLKOMMEN10')).toMatchObject({
      kind: 'percent',
      value: 10,
      minOrderAmount: 0,
      validUntil: null,
    });
    expect(coupon('SOMMER5')).toMatchObject({ kind: 'fixed', value: 5, minOrderAmount: 20 });
    expect(Date.parse(coupon('ALT2020')!.validUntil!)).toBeLessThan(Date.parse('2021-01-01T00:00:00Z'));
    for (const c of seedData.coupons) {
      expect(c.companyId).toBe(1001);
      expect(c.code).toMatch(/^[A-Z0-9]+$/);
      if (c.kind === 'percent') expect(c.value).toBeLessThanOrEqual(100);
    }
    expect(new Set(seedData.coupons.map((c) => c.code)).size).toBe(seedData.coupons.length);
  });

  it('offers PayPal, card with visa/mastercard/amex, Google Pay and Apple Pay', () => {
    expect(seedData.paymentTypes.map((t) => [t.id, t.name])).toEqual([
      ['paypal', 'PayPal'],
      ['card', 'Kreditkarte'],
      ['googlepay', 'Google Pay'],
      ['applepay', 'Apple Pay'],
    ]);
    expect(seedData.paymentTypes[1]!.brands).toEqual(['visa', 'mastercard', 'amex']);
  });

  it('has the documented demo customer', () => {
    expect(seedData.customers).toContainEqual({
      id: 1,
      email: 'demo@lp-de.example',
      password: 'Demo1234!',
      name: 'Max',
      lastName: 'Mustermann',
      customerCompanyId: 2001,
      customerCompanyGroupRoleId: 3001,
    });
  });

  it('lists 22 distinct existing FKZ/KZH codes in the upsell order', () => {
    expect(seedData.upsellOrder).toHaveLength(22);
    expect(new Set(seedData.upsellOrder).size).toBe(22);
    for (const code of seedData.upsellOrder) {
      expect(code).toMatch(/^(FKZ|KZH)-\d{3}$/);
      expect(byCode.has(code), code).toBe(true);
    }
  });
});

describe('quantity discounts the catalogue promises (issue 13)', () => {
  it('gives every product whose description promises a Mengenrabatt its discount tiers', () => {
    const promising = products.filter((p) => p.Description.includes('Mengenrabatt'));
    expect(promising.length).toBeGreaterThanOrEqual(13);
    const discounted = new Set(seedData.discounts.map((d) => d.ProductKey));
    expect(promising.map((p) => p.UniqueId).filter((code) => !discounted.has(code))).toEqual([]);
  });
});
