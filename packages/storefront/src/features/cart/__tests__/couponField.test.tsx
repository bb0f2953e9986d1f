import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { CouponField } from '../CouponField';
import { COUPON_MESSAGES, couponErrorMessage } from '../couponMessages';
import { normaliseCouponCode } from '../couponStorage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const GUID = '0b1c2d3e-4f50-4617-8283-94a5b6c7d8e9';
const cart = (coupon: unknown = null) => ({
  id: 1,
  userId: null,
  cartGuid: GUID,
  deliveryPrice: 4.9,
  totalAmount: 29.8,
  quantityDiscountAmount: 0,
  coupon,
  items: [],
});
const WILLKOMMEN10 = {
  code: 'WILLKOMMEN10',
  kind: 'percent',
  value: 10,
  minOrderAmount: 0,
  discountAmount: 2.98,
  problem: null,
};

/** A fake API: the cart's coupon calls (issue 13) with the spec 8 statuses by code. */
function couponApi(calls: string[]): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const body = init?.body ? (JSON.parse(String(init.body)) as { code?: string }) : {};
    calls.push(`${init?.method ?? 'GET'} ${url.pathname} ${body.code ?? ''}`.trim());
    if (url.pathname === '/api/Cart/removeCoupon') return json(200, cart());
    if (url.pathname === '/api/Cart/getCart') return json(200, cart(WILLKOMMEN10));
    if (url.pathname !== '/api/Cart/applyCoupon')
      return json(404, { status: 404, code: 'not-found', message: 'x' });
    const { code } = body;
    if (code === 'WILLKOMMEN10') return json(200, cart(WILLKOMMEN10));
    if (code === 'ALT2020')
      return json(400, {
        status: 400,
        code: 'coupon-expired',
        message: 'The coupon has expired.',
        errors: [{ field: 'code', message: 'expired' }],
      });
    if (code === 'SOMMER5')
      return json(400, {
        status: 400,
        code: 'coupon-minimum-not-reached',
        message: 'The coupon needs a minimum order of 20.00 EUR.',
        errors: [{ field: 'code', message: 'minimum order not reached' }],
      });
    if (code === 'KAPUTT')
      return json(500, { status: 500, code: 'internal', message: 'Internal Server Error' });
    return json(404, { status: 404, code: 'coupon-not-found', message: 'Coupon not found.' });
  }) as typeof fetch;
}

async function tryCode(code: string) {
  const input = screen.getByLabelText('Gutscheincode');
  fireEvent.change(input, { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Einlösen' }));
}

describe('<CouponField>', () => {
  it('puts a valid code on the cart, says what it gives and offers to remove it', async () => {
    const calls: string[] = [];
    const { sdk } = renderWithShop(<CouponField />, { fetch: couponApi(calls) });
    await tryCode(' willkommen10 ');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Gutschein WILLKOMMEN10: 10 % Rabatt.'),
    );
    expect(calls).toContain('POST /api/Cart/applyCoupon WILLKOMMEN10');
    expect(sdk.cartStore.getState().cart.coupon?.code).toBe('WILLKOMMEN10');
    fireEvent.click(screen.getByRole('button', { name: 'Gutschein WILLKOMMEN10 entfernen' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Der Gutschein wurde entfernt.'));
    expect(calls).toContain('POST /api/Cart/removeCoupon');
    expect(sdk.cartStore.getState().cart.coupon).toBeNull();
    expect(screen.queryByRole('button', { name: /entfernen/ })).toBeNull();
  });

  it("shows the cart's coupon from the server when the page opens (a new session keeps it)", async () => {
    const { sdk } = renderWithShop(<CouponField />, { fetch: couponApi([]) });
    sdk.appState.set({ CartGuid: GUID });
    await act(() => sdk.cartStore.getState().load());
    expect(screen.getByRole('status').textContent).toBe(
      'Gutschein WILLKOMMEN10: 10 % Rabatt. Er ist in der Gesamtsumme berücksichtigt.',
    );
  });

  it.each([
    ['ALT2020', COUPON_MESSAGES.invalid],
    ['SOMMER5', COUPON_MESSAGES.minimum],
    ['GIBTSNICHT', COUPON_MESSAGES.unknown],
    ['KAPUTT', COUPON_MESSAGES.server],
  ])('shows a clear German message for %s and keeps nothing', async (code, message) => {
    const { sdk } = renderWithShop(<CouponField />, { fetch: couponApi([]) });
    await tryCode(code);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(message));
    expect(screen.getByLabelText('Gutscheincode').getAttribute('aria-invalid')).toBe('true');
    expect(sdk.cartStore.getState().cart.coupon ?? null).toBeNull();
  });

  it('asks for a code when the field is empty or only holds hostile characters, without sending them', async () => {
    const calls: string[] = [];
    renderWithShop(<CouponField />, { fetch: couponApi(calls) });
    await tryCode('<script>');
    // '<script>' keeps its letters only: SCRIPT is unknown (404), never sent raw
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(COUPON_MESSAGES.unknown));
    expect(calls.every((call) => !call.includes('<'))).toBe(true);
    const sent = calls.length;
    await tryCode('   ');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(COUPON_MESSAGES.empty));
    expect(calls).toHaveLength(sent);
  });

  it('reports a network failure as a server error', async () => {
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    renderWithShop(<CouponField />, { fetch: failing });
    await tryCode('WILLKOMMEN10');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(COUPON_MESSAGES.server));
  });
});

describe('couponErrorMessage', () => {
  it("branches on the API's code, never on its status or English text", async () => {
    const { LpError } = await import('@lp/sdk');
    const http = (status: number, code: string, message = 'x') =>
      new LpError('http', 'An unexpected server error occurred.', {
        status,
        body: { status, code, message },
      });
    expect(couponErrorMessage(http(409, 'coupon-already-applied'))).toBe(
      'Es ist bereits ein Gutschein angewendet.',
    );
    // A 409 that is not about the coupon (the order is already paid) is no 'already applied'.
    expect(couponErrorMessage(http(409, 'order-state'))).toBe(COUPON_MESSAGES.server);
    // The English wording may change; the code decides.
    expect(couponErrorMessage(http(400, 'coupon-minimum-not-reached', 'Spend more.'))).toBe(
      COUPON_MESSAGES.minimum,
    );
    expect(couponErrorMessage(http(400, 'validation', 'minimum order not reached'))).toBe(
      COUPON_MESSAGES.invalid,
    );
    expect(couponErrorMessage('nonsense')).toBe(COUPON_MESSAGES.server);
  });

  it('normalises codes: trims, upper-cases, drops anything but letters, digits, _ and -, caps the length', () => {
    expect(normaliseCouponCode('  sommer5 ')).toBe('SOMMER5');
    expect(normaliseCouponCode('a'.repeat(500))).toHaveLength(40);
    expect(normaliseCouponCode('"; DROP')).toBe('DROP');
  });
});
