import { BUYER_REFERENCE_MAX } from '@lp/sdk/validation';
import { type CheckoutValues, PHONE_INPUT_MAX, VAT_ID_INPUT_MAX, emptyCheckout } from './checkoutFields';

/**
 * The checkout form survives a reload, the way back from the payment page and a cancelled payment (issue 6:
 * refreshing loses nothing). Kept in sessionStorage: this tab only, gone when the browser closes.
 */
const KEY = 'lp-checkout';

const text = (value: unknown, max = 254) => (typeof value === 'string' ? value.slice(0, max) : '');

export const checkoutDraft = {
  load(): CheckoutValues {
    const base = emptyCheckout();
    try {
      const saved = JSON.parse(
        globalThis.sessionStorage?.getItem(KEY) ?? 'null',
      ) as Partial<CheckoutValues> | null;
      if (!saved || typeof saved !== 'object') return base;
      const address = (from: unknown, into: CheckoutValues['shipping']) => {
        const source = (from && typeof from === 'object' ? from : {}) as Record<string, unknown>;
        for (const field of Object.keys(into) as (keyof typeof into)[])
          into[field] = text(source[field], 100);
        return into;
      };
      return {
        email: text(saved.email),
        phone: text(saved.phone, PHONE_INPUT_MAX) || base.phone,
        shipping: address(saved.shipping, base.shipping),
        billingSame: saved.billingSame !== false,
        billing: address(saved.billing, base.billing),
        buyerReference: text(saved.buyerReference, BUYER_REFERENCE_MAX),
        buyerVatId: text(saved.buyerVatId, VAT_ID_INPUT_MAX),
      };
    } catch {
      return base;
    }
  },
  save(values: CheckoutValues): void {
    try {
      globalThis.sessionStorage?.setItem(KEY, JSON.stringify(values));
    } catch {
      // blocked or full storage: the form still works for this page view
    }
  },
};
