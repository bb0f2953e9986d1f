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

const RECEIVED = () => json(201, { receivedAt: '2026-11-26T08:00:00.000Z', confirmationMailed: true });

function setup(
  headerGuid: string | undefined,
  orderAnswer: () => Response | Promise<Response> = () => json(200, ORDER),
  postAnswers: (() => Response)[] = [],
) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url: String(url), method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return method === 'GET' ? orderAnswer() : (postAnswers.shift() ?? RECEIVED)();
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
          // Session 25: with the words the page shows, for the API to write out if it cannot match the order.
          lines: [
            { line: 1, quantity: 2, article: 'Kfz-Kennzeichen, Kennzeichen B-AB 123' },
            { line: 2, quantity: 1, article: 'Kennzeichenhalter Classic' },
          ],
        },
      },
    ]);
  });

  // Session 25, withdrawleft: the API stores a proof it cannot match as text in the same request.
  it('an old link: one request, stored as text by the API, and the receipt says so', async () => {
    const asText = () =>
      json(201, { receivedAt: '2026-11-26T08:00:00.000Z', confirmationMailed: true, linesAsText: true });
    const { posts } = setup(GUID, () => json(200, ORDER), [asText]);
    const lines = await screen.findByRole('group', { name: LINES_TEXT.legend });
    fireEvent.click(within(lines).getByRole('checkbox', { name: 'Kennzeichenhalter Classic (2 Stück)' }));
    fireEvent.change(within(lines).getByRole('spinbutton'), { target: { value: '1' } });
    next();
    await screen.findByRole('heading', { name: 'Schritt 2 von 2: Angaben prüfen' });
    confirm();
    const done = await screen.findByRole('heading', { name: 'Widerruf eingegangen' });
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.body).toMatchObject({
      headerGuid: GUID,
      lines: [{ line: 2, quantity: 1, article: 'Kennzeichenhalter Classic' }],
    });
    const said = document.getElementById(done.getAttribute('aria-describedby')!)?.textContent;
    expect(said).toBe(
      `Ihr Widerruf ist am 26. November 2026 um 09:00:00 Uhr MEZ eingegangen. Wir haben Ihnen eine Bestätigung per E-Mail geschickt. ${LINES_TEXT.sentAsText(true)}`,
    );
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

  // Session 26: a day after the order its link alone gets it without the buyer (`personalData: 'hidden'`).
  it('an order without its buyer: lines and number, the name and e-mail fields left empty to type', async () => {
    const hidden = {
      ...ORDER,
      billingPerson: { email: '', phone: '', name: '', lastName: '' },
      personalData: 'hidden',
    };
    setup(GUID, () => json(200, hidden));
    await screen.findByRole('group', { name: LINES_TEXT.legend });
    expect((screen.getByLabelText('Bestellnummer') as HTMLInputElement).value).toBe('LP-2026-000024');
    expect((screen.getByLabelText('Vor- und Nachname') as HTMLInputElement).value).toBe('');
    expect(
      (screen.getByLabelText('E-Mail-Adresse für die Eingangsbestätigung') as HTMLInputElement).value,
    ).toBe('');
    next();
    // Asked for, as for any empty field, not taken as a name of one space.
    expect(screen.getByLabelText('Vor- und Nachname').getAttribute('aria-invalid')).toBe('true');
  });

  it('without a headerGuid reads no order and offers no lines (the guest form stays free text)', async () => {
    const { calls } = setup(undefined);
    expect(screen.getByLabelText(/Welche Waren/)).toBeTruthy();
    // The order would be read only after the lines' chunk loaded: load it first, so a read without the guard shows.
    await import('../orderLinesPart');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('group')).toBeNull();
    expect(calls).toEqual([]);
    // Nor tried to (the SDK refuses an empty guid before any request; the form would then say it failed).
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('an order that cannot be read leaves the plain form with a German note', async () => {
    const { posts } = setup(GUID, () => json(404, { code: 'not-found', message: 'No such order.' }));
    // Announced: the note appears in a live region that was there from the start.
    expect(screen.getByRole('status').textContent).toBe('');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(ORDER_LOAD_FAILED));
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

  // Session 24, withdrawfixui: what the review found (report-review24b.md, findings 4 and 6).
  it('a refused proof (an API of an older release) is sent again as text with the ticked lines, and the receipt says so', async () => {
    const refused = () =>
      json(400, {
        status: 400,
        code: 'validation',
        message: 'Invalid body headerGuid: is not the placed order with this order number.',
        errors: [{ field: 'headerGuid', message: 'is not the placed order with this order number' }],
      });
    const { posts } = setup(GUID, () => json(200, ORDER), [refused]);
    const lines = await screen.findByRole('group', { name: LINES_TEXT.legend });
    fireEvent.click(within(lines).getByRole('checkbox', { name: 'Kennzeichenhalter Classic (2 Stück)' }));
    fireEvent.change(within(lines).getByRole('spinbutton'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText(/Welche Waren/), { target: { value: 'auch die Schrauben' } });
    next();
    await screen.findByRole('heading', { name: 'Schritt 2 von 2: Angaben prüfen' });
    confirm();
    const done = await screen.findByRole('heading', { name: 'Widerruf eingegangen' });
    expect(posts().map((post) => post.body)).toEqual([
      expect.objectContaining({
        headerGuid: GUID,
        lines: [{ line: 2, quantity: 1, article: 'Kennzeichenhalter Classic' }],
      }),
      {
        name: 'Erika Musterfrau',
        orderNumber: 'LP-2026-000024',
        email: 'erika@example.de',
        items: '1 × Kennzeichenhalter Classic; auch die Schrauben',
      },
    ]);
    // Said with the time of receipt, which describes the focused heading.
    const said = document.getElementById(done.getAttribute('aria-describedby')!)?.textContent;
    expect(said).toContain(LINES_TEXT.sentAsText(true));
  });

  it('an order read but not placed (replaced by a newer one): a note of its own, announced, the number free', async () => {
    const { posts } = setup(GUID, () => json(200, { ...ORDER, status: 'cancelled' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(LINES_TEXT.notPlaced));
    expect(screen.queryByRole('group')).toBeNull();
    const number = screen.getByLabelText('Bestellnummer') as HTMLInputElement;
    expect(number.readOnly).toBe(false);
    expect(number.value).toBe('');
    fireEvent.change(screen.getByLabelText('Vor- und Nachname'), { target: { value: 'Erika Musterfrau' } });
    fireEvent.change(number, { target: { value: 'LP-2026-000025' } });
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse für die Eingangsbestätigung'), {
      target: { value: 'erika@example.de' },
    });
    next();
    confirm();
    await screen.findByRole('heading', { name: 'Widerruf eingegangen' });
    expect(posts()[0]!.body).not.toHaveProperty('headerGuid');
  });

  it('a paid order whose status moved on (its invoice) is placed, as the API judges it', async () => {
    setup(GUID, () => json(200, { ...ORDER, status: 'cancelled', invoice: { number: 'RE-2026-000024' } }));
    expect(await screen.findByRole('group', { name: LINES_TEXT.legend })).toBeTruthy();
  });

  it('an order arriving late keeps what was typed in name and address; the number becomes the order’s', async () => {
    let release: (answer: Response) => void = () => undefined;
    setup(GUID, () => new Promise<Response>((resolve) => (release = resolve)));
    const name = screen.getByLabelText('Vor- und Nachname') as HTMLInputElement;
    const email = screen.getByLabelText('E-Mail-Adresse für die Eingangsbestätigung') as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Erika Neuname' } });
    fireEvent.change(email, { target: { value: 'erika.neu@example.de' } });
    await import('../orderLinesPart');
    await new Promise((resolve) => setTimeout(resolve, 20));
    release(json(200, ORDER));
    await screen.findByRole('group', { name: LINES_TEXT.legend });
    expect(name.value).toBe('Erika Neuname');
    expect(email.value).toBe('erika.neu@example.de');
    expect((screen.getByLabelText('Bestellnummer') as HTMLInputElement).value).toBe('LP-2026-000024');
  });

  it('two quantity fields are named by their article; the free text’s hint does not contradict ticked lines', async () => {
    setup(GUID);
    const lines = await screen.findByRole('group', { name: LINES_TEXT.legend });
    for (const box of within(lines).getAllByRole('checkbox')) fireEvent.click(box);
    // Each field's accessible name, as a screen reader reads it when tabbing.
    for (const article of ['Kfz-Kennzeichen, Kennzeichen B-AB 123', 'Kennzeichenhalter Classic'])
      expect(
        within(lines).getByRole('spinbutton', { name: `Anzahl (höchstens 2) ${article} (2 Stück)` }),
      ).toBeTruthy();
    const free = screen.getByLabelText(/Welche Waren/);
    const hint = document.getElementById(free.getAttribute('aria-describedby')!)?.textContent;
    expect(hint).not.toBe('Leer lassen, wenn Sie die ganze Bestellung widerrufen.');
  });
});
