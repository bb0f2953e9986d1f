// Session 24, withdrawpick: opened for an order (its headerGuid, from the order page or the account), the withdrawal
// form fills in the order's details and offers its lines; made-to-order lines carry the § 312g hint, never a
// refusal; without the headerGuid it stays the guest's free-text form and reads no order.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { WithdrawalForm } from '../WithdrawalForm';
import { LINES_TEXT } from '../orderLinesPick';
import { ORDER_LOAD_FAILED } from '../useProvenOrder';

const GUID = 'c0ffee00-0000-4000-8000-000000000024';
const item = (
  line: number,
  businessName: string,
  quantity: number,
  attributes: Record<string, string> = {},
) => ({
  itemId: `ITEM-${line}`,
  itemInternalId: `internal-${line}`,
  businessName,
  price: 10,
  itemQuantity: quantity,
  attributes,
  discountPercent: 0,
  discountAmount: 0,
  lineTotal: 10 * quantity,
});
const ORDER = {
  headerGuid: GUID,
  orderNumber: 'LP-2026-000024',
  status: 'paid',
  companyId: 1001,
  customerId: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  cartAmount: 40,
  discountAmount: 0,
  totalAmount: 44.9,
  orderItems: [
    item(1, 'Kfz-Kennzeichen', 2, { Kennzeichen: 'B-AB 123' }),
    item(2, 'Kennzeichenhalter Classic', 2),
  ],
  shippingOption: { id: 1, name: 'Standard', price: 4.9 },
  billingPerson: { email: 'erika@example.de', phone: '+49 301234567', name: 'Erika', lastName: 'Musterfrau' },
  shippingAddress: { city: 'Berlin', country: 'DE' },
  billingAddress: { zipCode: '10115', country: 'DE' },
  paymentMethod: 'paypal',
  coupon: null,
  isCustomDesign: false,
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(headerGuid: string | undefined, orderAnswer = () => json(200, ORDER)) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url: String(url), method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return method === 'GET'
      ? orderAnswer()
      : json(201, { receivedAt: '2026-11-26T08:00:00.000Z', confirmationMailed: true });
  }) as unknown as typeof globalThis.fetch;
  renderWithShop(<WithdrawalForm headerGuid={headerGuid} />, { fetch });
  return { calls, posts: () => calls.filter((c) => c.method === 'POST') };
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
const confirm = () => fireEvent.click(screen.getByRole('button', { name: 'Widerruf bestätigen' }));

describe('WithdrawalForm opened for an order', () => {
  it('fills in the order, offers its lines with the § 312g hint, checks the pieces and sends the lines', async () => {
    const { posts } = setup(GUID);
    const lines = await screen.findByRole('group', { name: LINES_TEXT.legend });
    expect((screen.getByLabelText('Vor- und Nachname') as HTMLInputElement).value).toBe('Erika Musterfrau');
    const number = screen.getByLabelText('Bestellnummer') as HTMLInputElement;
    expect(number.value).toBe('LP-2026-000024');
    expect(number.readOnly).toBe(true);
    const plate = within(lines).getByRole('checkbox', {
      name: 'Kfz-Kennzeichen, Kennzeichen B-AB 123 (2 Stück)',
    });
    // The hint is tied to the made-to-order line's box; the box is not disabled (the declaration is never refused).
    expect(document.getElementById(plate.getAttribute('aria-describedby')!)?.textContent).toBe(
      LINES_TEXT.madeToOrder,
    );
    expect((plate as HTMLInputElement).disabled).toBe(false);
    const holder = within(lines).getByRole('checkbox', { name: 'Kennzeichenhalter Classic (2 Stück)' });
    expect(holder.getAttribute('aria-describedby')).toBeNull();

    fireEvent.click(holder);
    const pieces = within(lines).getByLabelText('Anzahl (höchstens 2)') as HTMLInputElement;
    expect(pieces.value).toBe('2');
    fireEvent.change(pieces, { target: { value: '5' } });
    next();
    // German error tied to the field, which takes the focus; nothing sent.
    expect(document.activeElement).toBe(pieces);
    expect(pieces.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(pieces.getAttribute('aria-describedby')!)?.textContent).toBe(
      LINES_TEXT.quantityInvalid(2),
    );
    fireEvent.change(pieces, { target: { value: '1' } });
    fireEvent.click(plate);
    next();
    await screen.findByRole('heading', { name: 'Schritt 2 von 2: Angaben prüfen' });
    expect(screen.getByText('1 × Kennzeichenhalter Classic')).toBeTruthy();
    expect(screen.getByText('2 × Kfz-Kennzeichen, Kennzeichen B-AB 123')).toBeTruthy();
    expect(screen.queryByText('Die ganze Bestellung')).toBeNull();
    confirm();
    await screen.findByRole('heading', { name: 'Widerruf eingegangen' });
    expect(posts()).toEqual([
      {
        url: 'http://shop.test/api/Order/withdraw',
        method: 'POST',
        body: {
          name: 'Erika Musterfrau',
          orderNumber: 'LP-2026-000024',
          email: 'erika@example.de',
          headerGuid: GUID,
          lines: [
            { line: 1, quantity: 2 },
            { line: 2, quantity: 1 },
          ],
        },
      },
    ]);
  });

  it('nothing ticked: the whole order, sent with the proof but without lines', async () => {
    const { posts } = setup(GUID);
    await screen.findByRole('group', { name: LINES_TEXT.legend });
    next();
    await screen.findByText('Die ganze Bestellung');
    confirm();
    await screen.findByRole('heading', { name: 'Widerruf eingegangen' });
    expect(posts()[0]!.body).toEqual({
      name: 'Erika Musterfrau',
      orderNumber: 'LP-2026-000024',
      email: 'erika@example.de',
      headerGuid: GUID,
    });
  });

  it('without a headerGuid reads no order and offers no lines (the guest form stays free text)', async () => {
    const { calls } = setup(undefined);
    expect(screen.getByLabelText(/Welche Waren/)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('group')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('an order that cannot be read leaves the plain form with a German note', async () => {
    const { posts } = setup(GUID, () => json(404, { code: 'not-found', message: 'No such order.' }));
    await screen.findByText(ORDER_LOAD_FAILED);
    expect(screen.queryByRole('group')).toBeNull();
    fireEvent.change(screen.getByLabelText('Vor- und Nachname'), { target: { value: 'Erika Musterfrau' } });
    fireEvent.change(screen.getByLabelText('Bestellnummer'), { target: { value: 'LP-2026-000024' } });
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse für die Eingangsbestätigung'), {
      target: { value: 'erika@example.de' },
    });
    next();
    confirm();
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).not.toHaveProperty('headerGuid');
  });
});
