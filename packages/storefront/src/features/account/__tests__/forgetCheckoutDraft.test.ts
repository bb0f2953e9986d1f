import { afterEach, describe, expect, it } from 'vitest';
import { checkoutDraft } from '../../checkout/checkoutDraft';
import { emptyCheckout } from '../../checkout/checkoutFields';
import { forgetCheckoutDraft } from '../forgetCheckoutDraft';

afterEach(() => sessionStorage.clear());

describe('forgetCheckoutDraft', () => {
  it('leaves no typed checkout data in the tab after signing out', async () => {
    const typed = emptyCheckout();
    typed.email = 'rita@example.de';
    typed.phone = '+49 3012345678';
    typed.shipping = { ...typed.shipping, name: 'Rita', lastName: 'Rückkehr', street: 'Hauptstraße' };
    checkoutDraft.save(typed);
    expect(checkoutDraft.load().email).toBe('rita@example.de');

    forgetCheckoutDraft();

    expect(checkoutDraft.load()).toEqual(emptyCheckout());
    expect(sessionStorage.getItem('lp-checkout') ?? '').not.toMatch(/rita|Rückkehr|Hauptstraße|3012345678/i);
  });
});
