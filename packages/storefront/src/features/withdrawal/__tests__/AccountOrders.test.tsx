// Session 25, accountfollow: a logged-in customer who opens "Vertrag widerrufen" from the footer is offered their
// placed orders; one tap opens the same proven form as the account's link (lines to pick, number read-only), with
// the guid as router state, never in the address. A guest keeps the typed form and reads no orders.
import { createSdk } from '@lp/sdk';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { publicConfig, readConfig } from '../../../config';
import { createShopData } from '../../../data/shopData';
import { createErrorReporter } from '../../../errors/errorReporter';
import { Component as WithdrawalPage } from '../../../pages/WithdrawalPage';

const CUSTOMER = {
  id: 1000,
  email: 'erika@example.de',
  name: 'Erika',
  lastName: 'Musterfrau',
  customerCompanyId: 5000,
  customerCompanyGroupRoleId: 3001,
};
const order = (n: number, status: string) => ({
  headerGuid: `c0ffee00-0000-4000-8000-00000000002${n}`,
  orderNumber: `LP-2026-00002${n}`,
  status,
  createdAt: `2026-11-2${n}T10:00:00.000Z`,
  totalAmount: 44.9,
  orderItems: [{ itemInternalId: `i${n}`, businessName: 'Kennzeichenhalter Classic', itemQuantity: 1 }],
  billingPerson: { name: 'Erika', lastName: 'Musterfrau', email: 'erika@example.de' },
});
const PAID = order(4, 'paid');
// Not placed (no payment, replaced): nothing to withdraw from, not offered. Session 25 review: six of them, newer
// than the paid order, hid it when only the five newest orders were read; session 26 review: 50 of them hid it when
// 50 orders of any status were read. Sixty here, newer than the paid order.
const OPEN = Array.from({ length: 60 }, (_, k) => order(5 + (k % 5), k % 2 ? 'saved' : 'cancelled'));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPage(signedIn: boolean) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const fetch = (async (url: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const path = new URL(String(url)).pathname;
    if (path === '/api/Account/me')
      return signedIn ? json(200, CUSTOMER) : json(401, { code: 'unauthorized', message: 'no session' });
    if (path === '/api/Order/getOrders') {
      // As the API answers: the statuses asked for (none = any), newest first, one page.
      const { RowCount, Statuses } = JSON.parse(String(init?.body)) as {
        RowCount: number;
        Statuses: string[];
      };
      const matching = [...OPEN, PAID].filter((o) => Statuses.length === 0 || Statuses.includes(o.status));
      const items = matching.slice(0, RowCount);
      return json(200, { items, pageNumber: 1, rowCount: RowCount, totalCount: matching.length });
    }
    return json(200, PAID);
  }) as typeof globalThis.fetch;
  const sdk = createSdk({ baseUrl: 'http://shop.test', storage: null, retries: 0, fetch });
  const config = publicConfig(readConfig({}));
  const data = createShopData(sdk, { UniqueId: 1001, Alias: 'lp-de', Name: 'Kennzeichen-Profi' }, config);
  const router = createMemoryRouter([{ path: '/vertrag-widerrufen', Component: WithdrawalPage }], {
    initialEntries: ['/vertrag-widerrufen'],
  });
  render(
    <AppProviders value={{ sdk, data, config, reporter: createErrorReporter([]) }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { calls, router };
}

describe('the withdrawal page for a logged-in customer (session 25)', () => {
  it('offers the placed orders; one tap opens the proven form, the guid only in router state', async () => {
    const { calls, router } = renderPage(true);
    const pick = await screen.findByRole('button', { name: 'Bestellung LP-2026-000024 widerrufen' });
    expect(screen.getByRole('heading', { level: 2, name: 'Ihre Bestellungen' })).toBeTruthy();
    expect(screen.getByText('vom 24.11.2026, 44,90 €')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /LP-2026-000025/ })).toBeNull();
    // Read as the account page reads them: the customer's ids, newest first; the API picks the five newest placed.
    const listCall = calls.find((call) => call.url.endsWith('/api/Order/getOrders'));
    expect(listCall?.body).toMatchObject({
      CustomerId: 1000,
      CustomerCompanyId: 5000,
      RowCount: 5,
      Statuses: ['confirmed', 'paymentPending', 'paid'],
      SortField: 'createdAt',
      SortDirection: 'desc',
    });

    fireEvent.click(pick);
    await screen.findByRole('checkbox', { name: 'Kennzeichenhalter Classic (1 Stück)' });
    const number = screen.getByLabelText('Bestellnummer') as HTMLInputElement;
    expect(number.value).toBe('LP-2026-000024');
    expect(number.readOnly).toBe(true);
    expect((screen.getByLabelText('Vor- und Nachname') as HTMLInputElement).value).toBe('Erika Musterfrau');
    // The pressed button went with the list; the form's heading has the focus.
    expect(screen.queryByRole('heading', { name: 'Ihre Bestellungen' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { name: 'Schritt 1 von 2: Ihre Angaben' }),
      ),
    );
    expect(router.state.location.search).toBe('');
    expect(router.state.location.state).toEqual({ bestellung: PAID.headerGuid });
  });

  it('a guest keeps the typed form: no orders offered, none read', async () => {
    const { calls } = renderPage(false);
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/api/Account/me'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Ihre Bestellungen' })).toBeNull();
    expect(calls.filter((call) => !call.url.endsWith('/api/Account/me'))).toEqual([]);
    const number = screen.getByLabelText('Bestellnummer') as HTMLInputElement;
    expect(number.readOnly).toBe(false);
  });
});
