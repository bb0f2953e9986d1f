// Session 21 (phone): a guest opens /thank-you/<guid> again from the mail or a bookmark days later. The first visit
// thanks (spec 2); once a parcel has left, heading and title say where the order is instead of thanking again.
import type { Order } from '@lp/sdk/contract';
import { configure, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROUTE_HEADS } from '../../seo/routeHeads';
import { paidOrder, renderThankYou as renderPage } from './renderThankYou';

configure({ asyncUtilTimeout: 5000 });

const parcel = (number: number, line: number) => ({
  parcel: number,
  shippedAt: '2026-11-25T13:30:00.000Z',
  carrier: 'DHL',
  trackingNumber: null,
  trackingUrl: null,
  lines: [{ line, quantity: 1 }],
});
/** A plate and a holder, so that one parcel can leave before the other. */
const order = (patch: Partial<Order>) =>
  paidOrder({
    orderNumber: 'LP-10023',
    orderItems: [
      {
        itemId: 'KFZ-001',
        businessName: 'Kennzeichen',
        itemQuantity: 1,
        itemInternalId: 'a',
        attributes: {},
        price: 10,
      },
      {
        itemId: 'KZH-001',
        businessName: 'Kennzeichenhalter',
        itemQuantity: 1,
        itemInternalId: 'b',
        attributes: {},
        price: 5,
      },
    ],
    cartAmount: 15,
    totalAmount: 19.9,
    ...patch,
  });

const title = (shown: Order) => ROUTE_HEADS.thankYou({ order: shown }, {}, 'http://shop.test').title;

describe('the order page opened again', () => {
  it('thanks on the first visit, with what happens next', async () => {
    const placed = order({});
    renderPage(placed);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' }),
    ).toBeTruthy();
    expect(screen.getByText(/Die Bestellbestätigung mit allen Angaben/)).toBeTruthy();
    expect(screen.getByText(/Wir fertigen Ihre Bestellung nach Ihren Angaben an/)).toBeTruthy();
    expect(title(placed)).toBe('Vielen Dank für Ihre Bestellung');
  });

  it('says the order was partly shipped once its first parcel left', async () => {
    const partly = order({ parcels: [parcel(1, 2)] });
    renderPage(partly);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ihre Bestellung wurde teilweise versandt' }),
    ).toBeTruthy();
    expect(screen.getByTestId('order-number').textContent).toBe('LP-10023');
    expect(screen.queryByRole('heading', { name: 'Vielen Dank für Ihre Bestellung' })).toBeNull();
    expect(title(partly)).toBe('Ihre Bestellung wurde teilweise versandt');
  });

  it('says it was shipped when every line left, without the first visit’s promises of mail and making', async () => {
    const last = {
      shippedAt: '2026-11-25T13:30:00.000Z',
      carrier: 'DHL',
      trackingNumber: null,
      trackingUrl: null,
    };
    const shipped = order({ parcels: [parcel(1, 2), parcel(2, 1)], shipment: last });
    renderPage(shipped);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ihre Bestellung wurde versandt' }),
    ).toBeTruthy();
    expect(screen.queryByText(/senden wir Ihnen/)).toBeNull();
    expect(screen.queryByText(/Wir fertigen Ihre Bestellung/)).toBeNull();
    // Where to ask stays.
    expect(screen.getByRole('link', { name: 'Schreiben Sie uns' })).toBeTruthy();
    expect(title(shipped)).toBe('Ihre Bestellung wurde versandt');
  });
});
