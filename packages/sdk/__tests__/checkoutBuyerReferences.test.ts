// Session 21: a company order with its invoice references (a Leitweg-ID or own order number, XRechnung BT-10; the
// USt-IdNr., BT-48) through sdk.checkout.placeOrder, against the real API on a random port: PGlite in memory, or a
// fresh database on TEST_DATABASE_URL's PostgreSQL server.
import { describe, expect, it } from 'vitest';
import { isLpError } from '../src/errors';
import type { CheckoutInput } from '../src/services/checkoutService';
import { companyBuyerOnRealApi } from './support/companyBuyer';
import { SHIPPING } from './support/shopper';

const LEITWEG_ID = '04011000-1234512345-06';
const { COMPANY, input, buyer } = companyBuyerOnRealApi({
  company: 'Stadt Musterstadt, Fuhrpark',
  email: 'einkauf@musterstadt.de',
});

describe('sdk.checkout.placeOrder with buyerReference and buyerVatId', () => {
  it('puts a Leitweg-ID and the USt-IdNr. on the order (read back), stored as the API keeps them', async () => {
    const { sdk, saves } = await buyer();
    const outcome = await sdk.checkout.placeOrder(
      input({ buyerReference: ` ${LEITWEG_ID} `, buyerVatId: 'DE 136 695 976' }),
    );
    expect(outcome).toMatchObject({ kind: 'redirect' });
    if (outcome.kind !== 'redirect') return;
    // Trimmed by the SDK, compacted by the API.
    expect(saves[0]).toMatchObject({ buyerReference: LEITWEG_ID, buyerVatId: 'DE 136 695 976' });
    expect(await sdk.orders.get(outcome.headerGuid)).toMatchObject({
      status: 'paymentPending',
      billingAddress: { company: 'Stadt Musterstadt, Fuhrpark' },
      buyerReference: LEITWEG_ID,
      buyerVatId: 'DE136695976',
    });
  });

  it('takes the company’s own order number with a company shipping address and no billing address', async () => {
    const { sdk } = await buyer();
    const outcome = await sdk.checkout.placeOrder(
      input({ shipping: COMPANY, billing: null, buyerReference: 'PO 4711/2026' }),
    );
    expect(outcome).toMatchObject({ kind: 'redirect' });
    if (outcome.kind !== 'redirect') return;
    const placed = await sdk.orders.get(outcome.headerGuid);
    expect(placed.buyerReference).toBe('PO 4711/2026');
    expect(placed.buyerVatId ?? null).toBeNull();
  });

  it('sends neither when they are omitted or blank', async () => {
    const { sdk, saves } = await buyer();
    const outcome = await sdk.checkout.placeOrder(input({ buyerReference: '  ', buyerVatId: '' }));
    expect(outcome).toMatchObject({ kind: 'redirect' });
    if (outcome.kind !== 'redirect') return;
    expect(saves[0]).not.toHaveProperty('buyerReference');
    expect(saves[0]).not.toHaveProperty('buyerVatId');
    const placed = await sdk.orders.get(outcome.headerGuid);
    expect(placed.buyerReference ?? null).toBeNull();
  });

  it('answers invalid naming the field when a rule is broken, and confirms nothing', async () => {
    const { sdk, calls } = await buyer();
    const outcome = await sdk.checkout.placeOrder(
      input({ buyerReference: '04011000-1234512345-07', buyerVatId: 'DE136695977' }),
    );
    expect(outcome.kind).toBe('invalid');
    if (outcome.kind !== 'invalid') return;
    expect(outcome.errors.map((error) => error.field).sort()).toEqual(['buyerReference', 'buyerVatId']);
    expect(outcome.errors[0]?.message).toMatch(/check digits/);
    expect(calls).not.toContain('confirmOrder');
    // Over the API's length (200) but within the SDK's cheap check: the API's refusal, as an outcome too.
    const long = await sdk.checkout.placeOrder(input({ buyerReference: 'P'.repeat(201) }));
    expect(long).toMatchObject({ kind: 'invalid', errors: [{ field: 'buyerReference' }] });
  });

  it('answers invalid naming the missing company when the buyer is private', async () => {
    const { sdk, calls } = await buyer();
    const withoutBilling = await sdk.checkout.placeOrder(
      input({ billing: null, buyerReference: LEITWEG_ID }),
    );
    // The SDK sends the shipping address as the billing address then: the API names that one.
    expect(withoutBilling).toMatchObject({
      kind: 'invalid',
      errors: [{ field: 'billingAddress.company' }],
    });
    // A company on the delivery address does not make a private billing address a company's.
    const privateBilling = await sdk.checkout.placeOrder(
      input({ shipping: COMPANY, billing: SHIPPING, buyerVatId: 'DE136695976' }),
    );
    expect(privateBilling).toMatchObject({
      kind: 'invalid',
      errors: [{ field: 'billingAddress.company' }],
    });
    expect(calls).not.toContain('confirmOrder');
  });
});

describe('sdk.checkout.placeOrder: references refused before anything is sent', () => {
  it('throws invalidParameter for wrong types and huge texts', async () => {
    const { sdk, calls } = await buyer(0);
    const cases: [Partial<Record<'buyerReference' | 'buyerVatId', unknown>>, string][] = [
      [{ buyerReference: { id: LEITWEG_ID } }, 'buyerReference'],
      [{ buyerReference: true }, 'buyerReference'],
      [{ buyerVatId: ['DE136695976'] }, 'buyerVatId'],
      [{ buyerReference: 'P'.repeat(2001) }, 'buyerReference'],
      [{ buyerVatId: `DE${'1'.repeat(1_000_000)}` }, 'buyerVatId'],
    ];
    for (const [patch, field] of cases) {
      const error = await sdk.checkout.placeOrder({ ...input(), ...patch } as CheckoutInput).catch((e) => e);
      expect(isLpError(error) && error.code).toBe('invalidParameter');
      expect((error as Error).message).toBe(`The parameter ${field} is invalid.`);
    }
    expect(calls).toEqual([]);
  });
});
