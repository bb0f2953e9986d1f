import { createMemoryStorage } from '@lp/sdk';
import { createSdkCore } from '@lp/sdk/compose';
import { describe, expect, it } from 'vitest';
import { checkoutOf } from '../../../sdk/checkoutOf';
import { checkoutWithReferences } from '../checkoutWithReferences';

// Session 20: a company buyer's placement puts the invoice references into its order save (the SDK's own checkout
// sends none: its entry has no bytes left); the shop's usual checkout afterwards sends none.

const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

function shop() {
  const saves: Record<string, unknown>[] = [];
  const sdk = createSdkCore({
    baseUrl: 'http://shop.test',
    storage: createMemoryStorage(),
    retries: 0,
    fetch: (async (url: string, init?: RequestInit) => {
      const path = new URL(String(url)).pathname;
      if (path === '/api/Order/saveOrder') {
        saves.push(JSON.parse(String(init?.body)));
        return answer({ orderHeaderGuid: '0b6f6c4e-3b1a-4c53-9a7e-0f6d1c9b2a11' });
      }
      if (path === '/api/Order/createOrderPayment') return answer({ redirectUrl: 'https://pay.test/1' });
      if (path === '/api/Order/confirmOrder') return answer({});
      return answer({ cartGuid: 'c', items: [] });
    }) as typeof globalThis.fetch,
  });
  return { sdk, saves };
}

const input = {
  email: 'einkauf@musterstadt.de',
  phone: '+49 3012345678',
  shipping: {
    name: 'Petra',
    lastName: 'Händler',
    company: 'Stadt Musterstadt',
    street: 'Rathausplatz',
    houseNumber: '1',
    zipCode: '10115',
    city: 'Berlin',
  },
  paymentMethod: 'paypal' as const,
  returnUrl: 'http://shop.test/wait-for-confirmation',
  cancelUrl: 'http://shop.test/cancel-order',
};

describe('checkoutWithReferences(sdk, references).placeOrder', () => {
  it('sends the references with that placement’s save only', async () => {
    const { sdk, saves } = shop();
    const references = { buyerReference: '04011000-1234512345-06', buyerVatId: 'DE136695976' };
    const outcome = await checkoutWithReferences(sdk, references).placeOrder(input);
    expect(outcome).toMatchObject({ kind: 'redirect', redirectUrl: 'https://pay.test/1' });
    expect(saves[0]).toMatchObject(references);
    // The same order of this browser (app state) is saved again by the usual checkout, without references.
    await checkoutOf(sdk).placeOrder(input);
    expect(saves[1]).toMatchObject({ headerGuid: '0b6f6c4e-3b1a-4c53-9a7e-0f6d1c9b2a11' });
    expect(saves[1]).not.toHaveProperty('buyerReference');
    expect(saves[1]).not.toHaveProperty('buyerVatId');
  });
});
