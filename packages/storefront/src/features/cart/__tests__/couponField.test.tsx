import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { CouponField } from '../CouponField';
import { COUPON_MESSAGES, couponErrorMessage } from '../couponMessages';
import { couponStorage, normaliseCouponCode } from '../couponStorage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake API: the company, and coupon answers by code (spec 8 statuses). */
function couponApi(calls: string[]): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    calls.push(url.pathname + url.search);
    if (url.pathname === '/api/v1/business/get')
      return json(200, { UniqueId: 1001, Alias: 'lp-de', Name: 'Shop' });
    const code = url.searchParams.get('code');
    if (code === 'WILLKOMMEN10')
      return json(200, {
        code,
        companyId: 1001,
        kind: 'percent',
        value: 10,
        minOrderAmount: 0,
        validUntil: null,
      });
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

afterEach(() => sessionStorage.clear());

describe('<CouponField>', () => {
  it('accepts a valid code, says what it gives and keeps it for the checkout', async () => {
    const calls: string[] = [];
    renderWithShop(<CouponField />, { fetch: couponApi(calls) });
    await tryCode(' willkommen10 ');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Gutschein WILLKOMMEN10: 10 % Rabatt.'),
    );
    expect(couponStorage.get()).toBe('WILLKOMMEN10');
    expect(calls.some((call) => call.includes('code=WILLKOMMEN10') && call.includes('companyId=1001'))).toBe(
      true,
    );
  });

  it.each([
    ['ALT2020', COUPON_MESSAGES.invalid],
    ['SOMMER5', COUPON_MESSAGES.minimum],
    ['GIBTSNICHT', COUPON_MESSAGES.unknown],
    ['KAPUTT', COUPON_MESSAGES.server],
  ])('shows a clear German message for %s and keeps nothing', async (code, message) => {
    renderWithShop(<CouponField />, { fetch: couponApi([]) });
    await tryCode(code);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(message));
    expect(screen.getByLabelText('Gutscheincode').getAttribute('aria-invalid')).toBe('true');
    expect(couponStorage.get()).toBe('');
  });

  it('asks for a code when the field is empty or only holds hostile characters, without calling the API', async () => {
    const calls: string[] = [];
    renderWithShop(<CouponField />, { fetch: couponApi(calls) });
    await tryCode('<script>');
    // '<script>' keeps its letters only: SCRIPT is unknown (404), never sent raw
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(COUPON_MESSAGES.unknown));
    expect(calls.every((call) => !call.includes('%3C') && !call.includes('<'))).toBe(true);
    await tryCode('   ');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(COUPON_MESSAGES.empty));
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
