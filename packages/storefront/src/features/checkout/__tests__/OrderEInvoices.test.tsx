import { type Order, orderEInvoicePath } from '@lp/sdk/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eInvoicePath } from '../../account/OrderEInvoice';
import { OrderShipping } from '../../account/OrderParcels';

// Session 19, einvoicelink: the order page (/thank-you/<guid>, which the mails link and guests re-open) offers a
// paid company order's XRechnung and each Rechnungskorrektur's, proving the order by its guid; rendered with the
// page's "Versand" part (OrderShipping), which hydrates from its own chunk.
const GUID = 'c0ffee00-0000-4000-8000-00000000e1f0';
const billing = {
  name: 'Petra',
  lastName: 'Buchhalter',
  company: 'Autohaus Weiß & Söhne GmbH',
  street: 'Hauptstraße',
  houseNumber: '1',
  zipCode: '10115',
  city: 'Berlin',
  country: 'DE',
};
const order = (patch: Partial<Order> = {}) =>
  ({
    headerGuid: GUID,
    orderNumber: 'LP-2026-000042',
    status: 'paid',
    orderItems: [],
    shipment: null,
    parcels: [],
    billingAddress: billing,
    invoice: {
      invoiceNumber: 'RE-2026-000017',
      invoiceDate: '2026-11-24T23:30:00.000Z',
      taxes: [],
      eInvoice: true,
    },
    refunds: [],
    ...patch,
  }) as unknown as Order;

const section = () => screen.queryByRole('region', { name: 'E-Rechnung' });

describe('the e-invoices on the order page', () => {
  it("offers a paid company order's XRechnung as a download, with the invoice's number in its name", () => {
    render(<OrderShipping order={order({})} />);
    // 23:30 UTC on 24 November is 25 November in Berlin.
    expect(section()!.textContent).toBe(
      'E-RechnungRechnung RE-2026-000017 vom 25.11.2026: E-Rechnung (XRechnung) herunterladen',
    );
    const link = within(section()!).getByRole('link', {
      name: 'E-Rechnung (XRechnung) herunterladen: Rechnung RE-2026-000017, XML-Datei',
    });
    expect(link.getAttribute('href')).toBe(`/api/Order/LP-2026-000042/xrechnung?headerGuid=${GUID}`);
    // Same origin: the browser saves the file under the name the API sends (XRechnung-RE-….xml).
    expect(link.getAttribute('download')).toBe('');
    // After "Versand", as its own section.
    const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'));
    expect(regions).toEqual(['order-shipping-title', 'order-einvoice-title']);
  });

  it('offers each Rechnungskorrektur beside its number', () => {
    render(
      <OrderShipping
        order={order({
          refunds: [
            { number: 'RK-2026-000003', date: '2026-11-26T09:00:00.000Z', amount: 20, vat: 3.19 },
            { number: 'RK-2026-000004', date: '2026-11-27T09:00:00.000Z', amount: 4.9, vat: 0.78 },
          ],
        })}
      />,
    );
    const items = within(section()!).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Rechnung RE-2026-000017 vom 25.11.2026: E-Rechnung (XRechnung) herunterladen',
      'Rechnungskorrektur RK-2026-000003 vom 26.11.2026: Rechnungskorrektur als XRechnung',
      'Rechnungskorrektur RK-2026-000004 vom 27.11.2026: Rechnungskorrektur als XRechnung',
    ]);
    const link = within(items[2]!).getByRole('link', {
      name: 'Rechnungskorrektur als XRechnung: RK-2026-000004, XML-Datei',
    });
    expect(link.getAttribute('href')).toBe(
      `/api/Order/LP-2026-000042/xrechnung/RK-2026-000004?headerGuid=${GUID}`,
    );
    expect(link.hasAttribute('download')).toBe(true);
  });

  // The API offers it (`invoice.eInvoice`) for a paid company order in a shop that has set its seller data.
  it("offers none when the API offers none (a consumer's order, a shop without seller data), nor before payment", () => {
    const invoice = order().invoice!;
    for (const company of [undefined, '', '   ', billing.company]) {
      const { unmount } = render(
        <OrderShipping
          order={order({
            billingAddress: { ...billing, company },
            invoice: { ...invoice, eInvoice: undefined },
          })}
        />,
      );
      expect(screen.getByRole('region', { name: 'Versand' })).toBeTruthy();
      expect(section()).toBeNull();
      expect(screen.queryByText(/XRechnung/)).toBeNull();
      unmount();
    }
    // An order not paid has no invoice yet; one the API sends without its invoice neither.
    const { unmount } = render(<OrderShipping order={order({ invoice: undefined })} />);
    expect(section()).toBeNull();
    unmount();
    render(<OrderShipping order={order({ status: 'paymentPending', invoice: undefined })} />);
    expect(screen.queryByText(/XRechnung/)).toBeNull();
  });

  // Session 26, einvoicelink: after the API's 24 hours the order comes without its buyer, and the API refuses the
  // XRechnung (which names the buyer) by the guid; the mails link it with a token of their own.
  it('an order shown without its buyer links no e-invoice and says where it is', () => {
    const refunds = [{ number: 'RK-2026-000003', date: '2026-11-26T09:00:00.000Z', amount: 20, vat: 3.19 }];
    const { unmount } = render(<OrderShipping order={order({ personalData: 'hidden', refunds })} />);
    expect(within(section()!).queryAllByRole('link')).toEqual([]);
    expect(document.querySelector('a[href*="xrechnung"]')).toBeNull();
    expect(section()!.textContent).toBe(
      'E-RechnungDie E-Rechnung (XRechnung) finden Sie über den Link in Ihrer Bestellbestätigung per E-Mail, ' +
        'jede Rechnungskorrektur über den Link in der Erstattungsbestätigung. Mit einem Kundenkonto bestellt? ' +
        'Dann finden Sie sie auch in Ihrem Kundenkonto unter „Meine Bestellungen“.',
    );
    unmount();
    render(<OrderShipping order={order({ personalData: 'hidden' })} />);
    expect(section()!.textContent).toMatch(/in Ihrer Bestellbestätigung per E-Mail\. Mit einem Kundenkonto/);
  });

  it("builds the contract's address (orderEInvoicePath), encoded", () => {
    for (const [number, note] of [
      ['LP-2026-000042', undefined],
      ['LP-2026-000042', 'RK-2026-000003'],
      ['LP 1/ä', 'RK/1?x'],
    ] as const)
      expect(eInvoicePath(number, note)).toBe(orderEInvoicePath(number, note));
  });
});
