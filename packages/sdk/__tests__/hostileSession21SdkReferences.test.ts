// Session 22 (hostile): hostile buyer references through session 21's sdk.checkout.placeOrder (`buyerReference`,
// `buyerVatId`), against the real API on a random port: NUL, lone surrogates, markup, CSV and XML metacharacters,
// direction overrides, 10,000 characters. Each is refused as the `invalid` outcome naming the field (or, over the
// SDK's own bound, `invalidParameter` before any request); nothing is confirmed or stored. A reference with every
// punctuation mark the rule allows is kept as typed. PGlite in memory, or PostgreSQL with TEST_DATABASE_URL.
import { describe, expect, it } from 'vitest';
import { isLpError } from '../src/errors';
import { companyBuyerOnRealApi } from './support/companyBuyer';

const shop = companyBuyerOnRealApi({
  company: 'Autohaus Händler GmbH',
  email: 'einkauf@autohaus.example.de',
});
const { input, buyer } = shop;

const stored = async () =>
  (
    await shop
      .api()
      .app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE buyer_reference IS NOT NULL')
  )[0]!.n;

describe('hostile buyer references through sdk.checkout.placeOrder', () => {
  it.each([
    ['a NUL', 'PO\u00004711'],
    ['a lone surrogate', 'PO 4711 \ud800'],
    ['markup', 'PO <img src=x onerror=alert(1)>'],
    ['a CSV formula after a separator', 'PO 1;=HYPERLINK("http://x")'],
    ['a formula at the start', '=1+1'],
    ['XML metacharacters', 'PO 1 &amp; ]]><x/>'],
    ['a direction override', 'PO \u202E1174'],
    ['a line break', 'PO 1\r\nBcc: x@example.de'],
    ['1,999 characters', `PO ${'1'.repeat(1_996)}`],
  ])(
    'refuses %s as the invalid outcome naming the field; nothing confirmed or stored',
    async (_name, value) => {
      const before = await stored();
      for (const field of ['buyerReference', 'buyerVatId'] as const) {
        const { sdk, calls } = await buyer();
        const outcome = await sdk.checkout.placeOrder(input({ [field]: value }));
        expect(outcome).toMatchObject({ kind: 'invalid', errors: [{ field }] });
        expect(calls).not.toContain('confirmOrder');
      }
      expect(await stored()).toBe(before);
    },
  );

  it('throws invalidParameter for 10,000 characters before anything is sent', async () => {
    const { sdk, calls } = await buyer();
    const error = await sdk.checkout
      .placeOrder(input({ buyerReference: `PO ${'<'.repeat(10_000)}` }))
      .catch((e: unknown) => e);
    expect(isLpError(error) && error.code).toBe('invalidParameter');
    expect(calls).toEqual([]);
  });

  it('keeps a reference with every punctuation mark the rule allows as typed', async () => {
    const { sdk } = await buyer();
    const reference = 'Nr. 4711/2026-B_7 #3 (Ärger): ok, fertig';
    const outcome = await sdk.checkout.placeOrder(input({ buyerReference: reference }));
    expect(outcome).toMatchObject({ kind: 'redirect' });
    if (outcome.kind !== 'redirect') return;
    expect((await sdk.orders.get(outcome.headerGuid)).buyerReference).toBe(reference);
  });
});
