import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../../__tests__/renderWithShop';
import { Component as ConfirmEmailPage } from '../ConfirmEmailPage';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// Session 18: only a session of the account confirms its address (the API answers 401 otherwise, and the link stays
// usable). The page asks the shopper to log in and open the link again, and reports no fault.
describe('/account/confirm without a session of the account', () => {
  it('asks to log in and open the link again, with a link to the login, and reports nothing', async () => {
    const fetch = vi.fn(async () =>
      answer(401, {
        status: 401,
        code: 'unauthorized',
        message: 'Log in to the account of this address first.',
      }),
    ) as unknown as typeof globalThis.fetch;
    const { reports } = renderWithShop(<ConfirmEmailPage />, {
      fetch,
      path: '/account/confirm?token=ohne-sitzung-1',
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Bitte melden Sie sich mit dem Kundenkonto dieser E-Mail-Adresse an und öffnen Sie den Bestätigungslink danach noch einmal.',
    );
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' }).getAttribute('href')).toBe('/account/login');
    expect(screen.queryByText(/ungültig, abgelaufen/)).toBeNull();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(reports).toEqual([]);
  });
});
