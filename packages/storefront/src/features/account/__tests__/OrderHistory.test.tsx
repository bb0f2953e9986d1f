import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { OrderHistory } from '../OrderHistory';

const customer = {
  id: 1000,
  email: 'rita@example.de',
  name: 'Rita',
  lastName: 'Rückkehr',
  customerCompanyId: 100000,
  customerCompanyGroupRoleId: 3001,
};

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function show(respond: () => Response) {
  const fetch = vi.fn(async () => respond()) as unknown as typeof globalThis.fetch;
  return renderWithShop(
    <Routes>
      <Route path="/account" element={<OrderHistory customer={customer} />} />
      <Route path="/account/login" element={<h1>Anmelden</h1>} />
    </Routes>,
    { fetch, path: '/account' },
  );
}

describe('OrderHistory', () => {
  it('hands a session that ended while the page was open (401) to the login, without a fault message', async () => {
    const { reports } = show(() =>
      answer(401, { status: 401, code: 'unauthorized', message: 'Login required.' }),
    );
    await screen.findByRole('heading', { name: 'Anmelden' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(reports).toEqual([]);
  });

  it('says the orders could not be loaded when the API fails otherwise', async () => {
    const { reports } = show(() => answer(503, { status: 503, code: 'unavailable', message: 'Busy.' }));
    await screen.findByText(/Ihre Bestellungen konnten gerade nicht geladen werden/);
    expect(screen.queryByRole('heading', { name: 'Anmelden' })).toBeNull();
    expect(reports).toHaveLength(1);
  });
});
