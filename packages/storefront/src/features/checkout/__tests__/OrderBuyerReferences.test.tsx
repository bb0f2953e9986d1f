import type { Order } from '@lp/sdk/contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { OrderShipping } from '../../account/OrderParcels';
import { OrderShipment } from '../../account/OrderShipment';

// Session 20: the order page (/thank-you/<guid>) shows a company order's invoice references with its invoice data.
const order = (patch: Partial<Order>) =>
  ({ status: 'paid', orderItems: [], shipment: null, parcels: [], ...patch }) as unknown as Order;
const section = () => screen.queryByRole('region', { name: 'Angaben für die Rechnung' });

describe('the invoice references on the order page', () => {
  it('shows the Leitweg-ID or own order number and the USt-IdNr. of a paid company order', () => {
    render(
      <OrderShipping
        order={order({ buyerReference: '04011000-1234512345-06', buyerVatId: 'DE136695976' })}
      />,
    );
    expect(section()!.textContent).toBe(
      'Angaben für die RechnungIhre Bestellnummer / Leitweg-ID04011000-1234512345-06USt-IdNr. des LeistungsempfängersDE136695976',
    );
  });

  it('shows nothing without references', () => {
    render(<OrderShipping order={order({})} />);
    expect(section()).toBeNull();
  });
});

describe('the invoice references on the account’s order card', () => {
  it('names them beside the shipping of a paid company order', () => {
    // In the account, inside the shop's router (the card's withdrawal link is a router link).
    render(
      <MemoryRouter>
        <dl>
          <OrderShipment order={order({ buyerReference: 'PO 4711/2026', buyerVatId: 'DE136695976' })} />
        </dl>
      </MemoryRouter>,
    );
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    // Session 24: the card's last fact opens the withdrawal function for the order.
    expect(terms).toEqual(['Versand', 'Ihre Bestellnummer / Leitweg-ID', 'USt-IdNr.', 'Widerruf']);
    expect(screen.getByText('PO 4711/2026')).toBeTruthy();
    expect(screen.getByText('DE136695976')).toBeTruthy();
  });
});
