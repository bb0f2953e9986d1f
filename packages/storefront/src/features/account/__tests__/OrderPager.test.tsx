import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { ORDERS_PER_PAGE, OrderHistory } from '../OrderHistory';
import { RITA, ritaOrder } from './accountOrders';

// Session 20, parcels (a screen reader's walk of "Meine Bestellungen"): "Ältere" replaced the orders above the
// pager and left focus at the bottom; a screen reader heard "Seite 2 von 3" and had to look for the orders.

const order = (n: number) =>
  ritaOrder({
    headerGuid: `c0ffee00-0000-4000-8000-${String(n).padStart(12, '0')}`,
    orderNumber: `LP-${1000 + n}`,
    status: 'confirmed',
  });

const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** Seven orders, five per page: the page the request asks for. */
function showSevenOrders() {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input instanceof Request ? input.url : input).includes('/designs')) return answer([]);
    const body = input instanceof Request ? await input.clone().text() : String(init?.body ?? '{}');
    const page = (JSON.parse(body) as { PageNumber?: number }).PageNumber ?? 1;
    const numbers = [1, 2, 3, 4, 5, 6, 7].slice((page - 1) * ORDERS_PER_PAGE, page * ORDERS_PER_PAGE);
    return answer({ items: numbers.map(order), pageNumber: page, rowCount: ORDERS_PER_PAGE, totalCount: 7 });
  }) as unknown as typeof globalThis.fetch;
  return renderWithShop(
    <Routes>
      <Route path="/account" element={<OrderHistory customer={RITA} />} />
    </Routes>,
    { fetch, path: '/account' },
  );
}

describe('the pages of "Meine Bestellungen"', () => {
  it('moves focus to the new page of orders, named with its number; the buttons say what they turn to', async () => {
    showSevenOrders();
    await screen.findByRole('heading', { name: 'Bestellung LP-1001' });
    expect(screen.getByRole('list', { name: 'Bestellungen, Seite 1 von 2' })).toBeTruthy();
    const older = screen.getByRole('button', { name: 'Ältere Bestellungen' });
    // WCAG 2.5.3: the name begins with the visible word.
    expect(older.textContent).toBe('Ältere');
    older.focus();
    fireEvent.click(older);
    await screen.findByRole('heading', { name: 'Bestellung LP-1006' });
    const list = screen.getByRole('list', { name: 'Bestellungen, Seite 2 von 2' });
    await waitFor(() => expect(document.activeElement).toBe(list));
    // Out of the Tab order: Tab goes on from the list to the first order's links, as from a heading.
    expect(list.tabIndex).toBe(-1);

    fireEvent.click(screen.getByRole('button', { name: 'Neuere Bestellungen' }));
    await screen.findByRole('heading', { name: 'Bestellung LP-1001' });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Bestellungen, Seite 1 von 2' })),
    );
  });

  it('leaves focus where it is on the first load', async () => {
    showSevenOrders();
    await screen.findByRole('heading', { name: 'Bestellung LP-1001' });
    expect(document.activeElement).toBe(document.body);
  });
});
