import type { Order } from '@lp/sdk/contract';
import { render, screen, within } from '@testing-library/react';
import { ATTR } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { OrderShipping, TELLING_ATTRIBUTES } from '../../account/OrderParcels';

// Session 19, shipping2: the order page (/thank-you/<guid>) shows the parcels of a paid order, as the guest who
// opens the confirmation mail's link two days later asks "where is my order?".
const item = (businessName: string, itemQuantity: number, attributes: Record<string, string> = {}) =>
  ({
    businessName,
    itemQuantity,
    itemInternalId: `${businessName}${JSON.stringify(attributes)}`,
    attributes,
  }) as unknown as Order['orderItems'][0];
const dhl = (number: string) =>
  `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${number}`;
const order = (patch: Partial<Order>) =>
  ({
    status: 'paid',
    orderItems: [item('Kennzeichen M-LP 2026', 2), item('Kennzeichenhalter', 1)],
    shipment: null,
    parcels: [],
    ...patch,
  }) as unknown as Order;

const section = () => screen.getByRole('region', { name: 'Versand' });

describe('<OrderShipping> on the order page', () => {
  it('says the order is being prepared until a parcel left, and nothing before payment', () => {
    const { unmount } = render(<OrderShipping order={order({})} />);
    expect(section().textContent).toBe('VersandIn Bearbeitung');
    unmount();
    render(<OrderShipping order={order({ status: 'paymentPending' })} />);
    expect(screen.queryByRole('region', { name: 'Versand' })).toBeNull();
  });

  it('shows each parcel with its day, contents and tracking link, and what follows separately', () => {
    render(
      <OrderShipping
        order={order({
          parcels: [
            {
              parcel: 1,
              shippedAt: '2026-11-25T13:30:00.000Z',
              carrier: 'DHL',
              trackingNumber: '00340434161234567801',
              trackingUrl: dhl('00340434161234567801'),
              lines: [{ line: 2, quantity: 1 }],
            },
            {
              parcel: 2,
              shippedAt: '2026-11-26T23:30:00.000Z',
              carrier: 'DPD',
              trackingNumber: '01234567890123',
              trackingUrl: 'https://tracking.dpd.de/status/de_DE/parcel/01234567890123',
              lines: [{ line: 1, quantity: 1 }],
            },
          ],
        })}
      />,
    );
    const parcels = within(section()).getAllByRole('listitem');
    expect(parcels.map((p) => p.textContent)).toEqual([
      'Paket 1: versandt am 25.11.2026 mit DHLInhalt: 1 × KennzeichenhalterSendungsnummer 00340434161234567801 (Sendung verfolgen)',
      // 23:30 UTC on 26 November is 27 November in Berlin.
      'Paket 2: versandt am 27.11.2026 mit DPDInhalt: 1 × Kennzeichen M-LP 2026Sendungsnummer 01234567890123 (Sendung verfolgen)',
    ]);
    expect(section().textContent).toContain('Folgt separat: 1 × Kennzeichen M-LP 2026');
    // WCAG 2.5.3 (session 20): the accessible name begins with the visible text, then names the parcel's number.
    const link = within(section()).getByRole('link', {
      name: 'Sendung verfolgen: 01234567890123 bei DPD (öffnet in neuem Tab)',
    });
    expect(link.getAttribute('href')).toBe('https://tracking.dpd.de/status/de_DE/parcel/01234567890123');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(section()).getAllByRole('link')).toHaveLength(2);
  });

  // Session 20, parcels: two plates of one product in two parcels; "1 × Funschild" in each told the shopper nothing.
  it('names the plate in each parcel and in what follows, as the Versandbestätigung does', () => {
    const parcel = {
      parcel: 1,
      shippedAt: '2026-11-25T13:30:00.000Z',
      carrier: 'DHL',
      trackingNumber: '00340434161234567801',
      trackingUrl: dhl('00340434161234567801'),
      lines: [{ line: 2, quantity: 1 }],
    };
    render(
      <OrderShipping
        order={order({
          orderItems: [
            item('Funschild', 1, { [ATTR.plateText]: 'M LP 1' }),
            item('Funschild', 1, { [ATTR.plateText]: ' M LP 2 ' }),
            item('Parkplatzschild', 1, { Beschriftung: 'Nur für Kunden' }),
            item('Kennzeichenhalter', 1, { [ATTR.plateText]: '  ' }),
          ],
          parcels: [
            parcel,
            { ...parcel, parcel: 2, trackingNumber: null, lines: [{ line: 3, quantity: 1 }] },
          ],
        })}
      />,
    );
    expect(
      within(section())
        .getAllByRole('listitem')
        .map((p) => p.textContent),
    ).toEqual([
      'Paket 1: versandt am 25.11.2026 mit DHLInhalt: 1 × Funschild (Kennzeichen: M LP 2)Sendungsnummer 00340434161234567801 (Sendung verfolgen)',
      'Paket 2: versandt am 25.11.2026 mit DHLInhalt: 1 × Parkplatzschild (Beschriftung: Nur für Kunden)',
    ]);
    expect(section().textContent).toContain(
      'Folgt separat: 1 × Funschild (Kennzeichen: M LP 1), 1 × Kennzeichenhalter',
    );
    // The attribute names written out in the parcels' chunk are the contract's.
    expect(TELLING_ATTRIBUTES[0]).toBe(ATTR.plateText);
  });

  it('says when the parcels hold everything; one parcel with everything reads as one shipment', () => {
    const first = {
      parcel: 1,
      shippedAt: '2026-11-25T13:30:00.000Z',
      carrier: 'DHL',
      trackingNumber: null,
      trackingUrl: null,
      lines: [{ line: 2, quantity: 1 }],
    };
    const { unmount } = render(
      <OrderShipping
        order={order({ parcels: [first, { ...first, parcel: 2, lines: [{ line: 1, quantity: 2 }] }] })}
      />,
    );
    expect(section().textContent).toContain('Ihre Bestellung ist vollständig versandt.');
    expect(section().textContent).not.toContain('Folgt separat');
    unmount();
    render(
      <OrderShipping
        order={order({
          parcels: [
            {
              ...first,
              trackingNumber: '00340434161234567890',
              trackingUrl: dhl('00340434161234567890'),
              lines: [
                { line: 1, quantity: 2 },
                { line: 2, quantity: 1 },
              ],
            },
          ],
        })}
      />,
    );
    expect(section().textContent).toBe(
      'VersandVersandt am 25.11.2026 mit DHLSendungsnummer 00340434161234567890 (Sendung verfolgen)',
    );
  });

  it('links only https pages, and reads a server that sends only the shipment of session 18', () => {
    render(
      <OrderShipping
        order={order({
          parcels: undefined,
          shipment: {
            shippedAt: '2026-11-25T13:30:00.000Z',
            carrier: 'Kurier',
            trackingNumber: 'AB123456',
            trackingUrl: 'javascript:alert(1)',
          },
        })}
      />,
    );
    expect(section().textContent).toBe('VersandVersandt am 25.11.2026 mit KurierSendungsnummer AB123456');
    expect(within(section()).queryByRole('link')).toBeNull();
  });
});

// Session 24, withdrawpick: the order page (opened from the confirmation mail with the order's guid) opens the
// withdrawal function for this order, so its form can offer the order's lines.
describe('the withdrawal link on the order page', () => {
  it('links "Vertrag widerrufen" for this paid order, with its guid', () => {
    render(
      <OrderShipping
        order={order({ headerGuid: 'c0ffee00-0000-4000-8000-000000000024', orderNumber: 'LP-2026-000024' })}
      />,
    );
    const link = screen.getByRole('link', { name: 'Bestellung LP-2026-000024 widerrufen' });
    expect(link.getAttribute('href')).toBe(
      '/vertrag-widerrufen?bestellung=c0ffee00-0000-4000-8000-000000000024',
    );
  });
});
