import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { OrderHistory } from '../OrderHistory';
import { RITA, ritaOrder } from './accountOrders';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function show(respond: () => Response) {
  // An order card asks for its designs too: that answer is a list (the order list's answer made OrderDesigns throw
  // once it arrived before the test ended, which a loaded machine showed).
  const fetch = vi.fn(async (input: RequestInfo | URL) =>
    String(input instanceof Request ? input.url : input).includes('/designs') ? answer(200, []) : respond(),
  ) as unknown as typeof globalThis.fetch;
  return renderWithShop(
    <Routes>
      <Route path="/account" element={<OrderHistory customer={RITA} />} />
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

  it("names an order's payment and total as the checkout, the thank-you page and the mail do", async () => {
    const order = ritaOrder({
      headerGuid: 'c0ffee00-0000-4000-8000-000000000002',
      cartAmount: 61.34,
      totalAmount: 66.24,
    });
    show(() => answer(200, { items: [order], pageNumber: 1, rowCount: 10, totalCount: 1 }));
    const card = (await screen.findByRole('heading', { name: 'Bestellung LP-1001' })).closest('li')!;
    // Paid, not shipped yet (the shipment fact loads with the list).
    await within(card).findByText('In Bearbeitung');
    const facts = [...card.querySelectorAll('dt')].map((term) => term.textContent);
    expect(facts).toEqual(['Datum', 'Status', 'Versand', 'Widerruf', 'Zahlungsart', 'Gesamtsumme']);
    expect(within(card).getByText('PayPal')).toBeTruthy();
  });

  const shippedOrder = (shipment: unknown, status = 'paid') =>
    ritaOrder({
      headerGuid: 'c0ffee00-0000-4000-8000-000000000003',
      orderNumber: 'LP-1002',
      status,
      createdAt: '2026-11-24T10:00:00.000Z',
      shipment,
    });
  const showOrder = async (order: unknown) => {
    show(() => answer(200, { items: [order], pageNumber: 1, rowCount: 10, totalCount: 1 }));
    return (await screen.findByRole('heading', { name: 'Bestellung LP-1002' })).closest('li')!;
  };

  it('shows a shipped order with its day, Sendungsnummer and the tracking link in a new tab', async () => {
    const url =
      'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161234567890';
    const card = await showOrder(
      shippedOrder({
        shippedAt: '2026-11-25T13:30:00.000Z',
        carrier: 'DHL',
        trackingNumber: '00340434161234567890',
        trackingUrl: url,
      }),
    );
    await within(card).findByText(/Versandt am 25\.11\.2026 mit DHL/);
    expect(card.textContent).toContain('Sendungsnummer 00340434161234567890');
    // Session 20: the accessible name begins with the visible text (WCAG 2.5.3 Label in Name).
    const link = within(card).getByRole('link', {
      name: 'Sendung verfolgen: 00340434161234567890 bei DHL (öffnet in neuem Tab)',
    });
    expect(link.getAttribute('href')).toBe(url);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toBe('Sendung verfolgen');
    expect(within(card).queryByText('In Bearbeitung')).toBeNull();
  });

  it('links only https tracking pages', async () => {
    const card = await showOrder(
      shippedOrder({
        shippedAt: '2026-11-25T13:30:00.000Z',
        carrier: 'Kurier',
        trackingNumber: 'AB123456',
        trackingUrl: 'javascript:alert(1)',
      }),
    );
    await within(card).findByText(/Sendungsnummer AB123456/);
    expect(within(card).queryByRole('link', { name: /verfolgen/ })).toBeNull();
  });

  // Session 19, shipping2: an order in two parcels, the plates following a day later.
  it('shows each parcel of a split order with its link, and what follows separately', async () => {
    const card = await showOrder({
      ...shippedOrder(null),
      orderItems: [
        {
          businessName: 'Funschild',
          itemQuantity: 2,
          itemInternalId: 'a',
          attributes: { Kennzeichen: 'M-LP 2026' },
        },
        { businessName: 'Kennzeichenhalter', itemQuantity: 1, itemInternalId: 'b', attributes: {} },
      ].map((line) => ({
        ...line,
        itemId: line.itemInternalId,
        price: 10,
        discountPercent: 0,
        discountAmount: 0,
        lineTotal: 10,
      })),
      parcels: [
        {
          parcel: 1,
          shippedAt: '2026-11-25T13:30:00.000Z',
          carrier: 'Hermes',
          trackingNumber: '12345678901234',
          trackingUrl:
            'https://www.myhermes.de/empfangen/sendungsverfolgung/sendungsinformation#12345678901234',
          lines: [{ line: 2, quantity: 1 }],
        },
      ],
    });
    await within(card).findByText(/Paket 1: versandt am 25\.11\.2026 mit Hermes/);
    const shipping = [...card.querySelectorAll('dt')].find((term) => term.textContent === 'Versand')!
      .nextElementSibling!;
    expect(shipping.textContent).toContain('Inhalt: 1 × Kennzeichenhalter');
    // Session 20: the plate that follows is named by its text, as in the Versandbestätigung.
    expect(shipping.textContent).toContain('Folgt separat: 2 × Funschild (Kennzeichen: M-LP 2026)');
    const link = within(card).getByRole('link', {
      name: 'Sendung verfolgen: 12345678901234 bei Hermes (öffnet in neuem Tab)',
    });
    expect(link.getAttribute('target')).toBe('_blank');
  });

  // Session 18, refund: the Rechnungskorrektur of each refund on the card, loaded with the order list.
  it('shows each refund with its amount, day and Rechnungskorrektur after the shipping fact', async () => {
    const card = await showOrder({
      ...shippedOrder(null),
      refunds: [
        { number: 'RK-2026-000001', date: '2026-11-25T09:00:00.000Z', amount: 20, vat: 3.19 },
        { number: 'RK-2026-000002', date: '2026-11-26T23:30:00.000Z', amount: 4.9, vat: 0.78 },
      ],
    });
    await within(card).findByText(/Rechnungskorrektur RK-2026-000001/);
    const facts = [...card.querySelectorAll('dt')].map((term) => term.textContent);
    expect(facts).toEqual([
      'Datum',
      'Status',
      'Versand',
      'Erstattet',
      'Widerruf',
      'Zahlungsart',
      'Gesamtsumme',
    ]);
    const refunded = [...card.querySelectorAll('dt')].find((term) => term.textContent === 'Erstattet')!
      .nextElementSibling!;
    // 23:30 UTC on 26 November is 27 November in Berlin.
    expect(refunded.textContent?.replace(/\u00a0/g, ' ')).toBe(
      '20,00 € am 25.11.2026 (Rechnungskorrektur RK-2026-000001)4,90 € am 27.11.2026 (Rechnungskorrektur RK-2026-000002)',
    );
    expect(refunded.querySelectorAll('br')).toHaveLength(1);
  });

  // Session 24, withdrawpick: a refund of withdrawn lines names its pieces; the card opens the withdrawal function
  // for its order (the headerGuid, which the account already proves, lets the form offer the order's lines).
  it('names the pieces of a refund of withdrawn lines and links the withdrawal function for the order', async () => {
    const card = await showOrder({
      ...shippedOrder(null),
      orderItems: [
        { itemInternalId: 'a', businessName: 'Kfz-Kennzeichen', itemQuantity: 2, attributes: {} },
        { itemInternalId: 'b', businessName: 'Kennzeichenhalter Classic', itemQuantity: 2, attributes: {} },
      ].map((line) => ({
        ...line,
        itemId: line.itemInternalId,
        price: 10,
        discountPercent: 0,
        discountAmount: 0,
        lineTotal: 20,
      })),
      refunds: [
        {
          number: 'RK-2026-000003',
          date: '2026-11-25T09:00:00.000Z',
          amount: 8.91,
          vat: 1.42,
          lines: [{ line: 2, quantity: 1, amount: 9.9 }],
        },
      ],
    });
    await within(card).findByText(/Rechnungskorrektur RK-2026-000003/);
    const refunded = [...card.querySelectorAll('dt')].find((term) => term.textContent === 'Erstattet')!
      .nextElementSibling!;
    expect(refunded.textContent?.replace(/\u00a0/g, ' ')).toBe(
      '8,91 € am 25.11.2026 (Rechnungskorrektur RK-2026-000003): 1 × Kennzeichenhalter Classic (9,90 €)',
    );
    const link = within(card).getByRole('link', { name: 'Bestellung LP-1002 widerrufen' });
    // Session 24, withdrawfixui: the order's bearer guid goes as router state, never into an address.
    expect(link.getAttribute('href')).toBe('/vertrag-widerrufen');
  });

  it('says nothing of refunds when there are none', async () => {
    const card = await showOrder({ ...shippedOrder(null), refunds: [] });
    await within(card).findByText('In Bearbeitung');
    expect(within(card).queryByText('Erstattet')).toBeNull();
  });

  // Session 19, einvoicelink: a paid company order's XRechnung and each Rechnungskorrektur's on the card, proven by
  // the session cookie (no guid in the address), loaded with the shipment fact.
  const companyOrder = (patch: Record<string, unknown> = {}) => ({
    ...shippedOrder(null),
    billingAddress: { zipCode: '10115', country: 'DE', company: 'Autohaus Weiß & Söhne GmbH' },
    invoice: {
      invoiceNumber: 'RE-2026-000017',
      invoiceDate: '2026-11-24T10:00:00.000Z',
      taxes: [],
      eInvoice: true,
    },
    refunds: [{ number: 'RK-2026-000003', date: '2026-11-25T09:00:00.000Z', amount: 20, vat: 3.19 }],
    ...patch,
  });

  it("offers a paid company order's XRechnung and its Rechnungskorrektur's, without the guid", async () => {
    const card = await showOrder(companyOrder());
    const invoice = await within(card).findByRole('link', {
      name: 'E-Rechnung (XRechnung) herunterladen: Rechnung RE-2026-000017, XML-Datei',
    });
    expect(invoice.getAttribute('href')).toBe('/api/Order/LP-1002/xrechnung');
    expect(invoice.hasAttribute('download')).toBe(true);
    const facts = [...card.querySelectorAll('dt')].map((term) => term.textContent);
    expect(facts).toEqual([
      'Datum',
      'Status',
      'Versand',
      'E-Rechnung',
      'Erstattet',
      'Widerruf',
      'Zahlungsart',
      'Gesamtsumme',
    ]);
    const refunded = [...card.querySelectorAll('dt')].find((term) => term.textContent === 'Erstattet')!
      .nextElementSibling!;
    expect(refunded.textContent?.replace(/\u00a0/g, ' ')).toBe(
      '20,00 € am 25.11.2026 (Rechnungskorrektur RK-2026-000003) Rechnungskorrektur als XRechnung',
    );
    const note = within(card).getByRole('link', {
      name: 'Rechnungskorrektur als XRechnung: RK-2026-000003, XML-Datei',
    });
    expect(note.getAttribute('href')).toBe('/api/Order/LP-1002/xrechnung/RK-2026-000003');
    expect(note.hasAttribute('download')).toBe(true);
  });

  it('offers no XRechnung when the API offers none (a consumer order, a shop without seller data)', async () => {
    const card = await showOrder(
      companyOrder({
        billingAddress: { zipCode: '10115', country: 'DE', company: ' ' },
        invoice: { invoiceNumber: 'RE-2026-000017', invoiceDate: '2026-11-24T10:00:00.000Z', taxes: [] },
      }),
    );
    await within(card).findByText(/Rechnungskorrektur RK-2026-000003/);
    expect(within(card).queryByText(/XRechnung/)).toBeNull();
    expect(within(card).queryByText('E-Rechnung')).toBeNull();
  });

  it('offers no XRechnung before payment', async () => {
    const pending = companyOrder({ status: 'paymentPending', invoice: undefined, refunds: [] });
    const paid = {
      ...shippedOrder(null),
      headerGuid: 'c0ffee00-0000-4000-8000-000000000004',
      orderNumber: 'LP-1003',
    };
    show(() => answer(200, { items: [pending, paid], pageNumber: 1, rowCount: 10, totalCount: 2 }));
    // Once the paid order shows its shipment fact, the other one would show its links.
    await screen.findByText('In Bearbeitung');
    const card = (await screen.findByRole('heading', { name: 'Bestellung LP-1002' })).closest('li')!;
    expect(within(card).queryByText(/XRechnung/)).toBeNull();
  });

  it('says nothing of shipping for an order not paid', async () => {
    const paid = {
      ...shippedOrder(null),
      headerGuid: 'c0ffee00-0000-4000-8000-000000000004',
      orderNumber: 'LP-1003',
    };
    show(() =>
      answer(200, {
        items: [shippedOrder(null, 'paymentPending'), paid],
        pageNumber: 1,
        rowCount: 10,
        totalCount: 2,
      }),
    );
    // Once the paid order shows its shipment fact, the other one would too.
    await screen.findByText('In Bearbeitung');
    const card = (await screen.findByRole('heading', { name: 'Bestellung LP-1002' })).closest('li')!;
    const facts = [...card.querySelectorAll('dt')].map((term) => term.textContent);
    expect(facts).toEqual(['Datum', 'Status', 'Zahlungsart', 'Gesamtsumme']);
  });
});
