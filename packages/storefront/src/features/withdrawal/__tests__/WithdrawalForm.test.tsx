import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { WithdrawalForm } from '../WithdrawalForm';
import { WITHDRAWAL_TEXT, receiptTime } from '../withdrawalMessages';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(respond: () => Response) {
  const calls: { url: string; method: string | undefined; body: unknown }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), method: init?.method, body: JSON.parse(String(init?.body)) });
    return respond();
  }) as unknown as typeof globalThis.fetch;
  renderWithShop(<WithdrawalForm />, { fetch });
  const type = (label: string | RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const next = () => fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
  const fill = () => {
    type('Vor- und Nachname', ' Erika Musterfrau ');
    type('Bestellnummer', ' LP-2026-000123 ');
    type('E-Mail-Adresse für die Eingangsbestätigung', 'erika@example.de');
  };
  return { calls, type, next, fill };
}

const RECEIVED = { receivedAt: '2026-06-19T12:05:09.000Z', confirmationMailed: true };

describe('WithdrawalForm (§ 356a BGB)', () => {
  it('step 1 names every missing field in German, tied to it, focuses the first, and sends nothing', () => {
    const { calls, next, type } = setup(() => answer(201, RECEIVED));
    type('E-Mail-Adresse für die Eingangsbestätigung', 'erika..muster@example');
    next();
    const name = screen.getByLabelText('Vor- und Nachname');
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const nameError = screen.getByText(WITHDRAWAL_TEXT.nameMissing);
    expect(name.getAttribute('aria-describedby')).toBe(nameError.id);
    const orderNumber = screen.getByLabelText('Bestellnummer');
    expect(orderNumber.getAttribute('aria-describedby')?.split(' ')).toContain(
      screen.getByText(WITHDRAWAL_TEXT.orderNumberMissing).id,
    );
    expect(
      screen.getByLabelText('E-Mail-Adresse für die Eingangsbestätigung').getAttribute('aria-describedby'),
    ).toBe(screen.getByText(WITHDRAWAL_TEXT.emailInvalid).id);
    // The goods are optional: no error, and their hint says how to withdraw the whole order.
    expect(screen.getByLabelText(/Welche Waren/).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Leer lassen, wenn Sie die ganze Bestellung widerrufen.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('step 2 shows the summary; "Widerruf bestätigen" sends it and shows the time of receipt', async () => {
    const { calls, next, fill } = setup(() => answer(201, RECEIVED));
    fill();
    next();
    const review = screen.getByRole('heading', { name: 'Schritt 2 von 2: Angaben prüfen' });
    expect(document.activeElement).toBe(review);
    expect(screen.getByText('Erika Musterfrau')).toBeTruthy();
    expect(screen.getByText('LP-2026-000123')).toBeTruthy();
    expect(screen.getByText('Die ganze Bestellung')).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Widerruf bestätigen' }));
    const done = await screen.findByRole('heading', { name: 'Widerruf eingegangen' });
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(calls).toEqual([
      {
        url: 'http://shop.test/api/Order/withdraw',
        method: 'POST',
        body: { name: 'Erika Musterfrau', orderNumber: 'LP-2026-000123', email: 'erika@example.de' },
      },
    ]);
    // No sandbox outbox named: no demo note.
    expect(screen.queryByText(/Sandbox-Postausgang/)).toBeNull();
    // 12:05:09 UTC is 14:05:09 in Germany in June.
    const receipt = screen.getByText(
      'Ihr Widerruf ist am 19. Juni 2026 um 14:05:09 Uhr MESZ eingegangen. Wir haben Ihnen eine Bestätigung per E-Mail geschickt.',
    );
    // The focused heading is described by the time of receipt: a screen reader says both at once.
    expect(done.getAttribute('aria-describedby')).toBe(receipt.id);
  });

  it('sends the goods when named, and "Angaben ändern" goes back with the fields kept', async () => {
    const { calls, next, fill, type } = setup(() => answer(201, RECEIVED));
    fill();
    type(/Welche Waren/, 'Kennzeichenhalter (2 Stück)');
    next();
    fireEvent.click(screen.getByRole('button', { name: 'Angaben ändern' }));
    const details = screen.getByRole('heading', { name: 'Schritt 1 von 2: Ihre Angaben' });
    expect(document.activeElement).toBe(details);
    expect((screen.getByLabelText('Bestellnummer') as HTMLInputElement).value).toBe(' LP-2026-000123 ');
    next();
    fireEvent.click(screen.getByRole('button', { name: 'Widerruf bestätigen' }));
    await screen.findByRole('heading', { name: 'Widerruf eingegangen' });
    expect(calls[0]?.body).toMatchObject({ items: 'Kennzeichenhalter (2 Stück)' });
  });

  it("links the demo shop's sandbox outbox when the API names it", async () => {
    const outboxUrl = 'http://api.test/sandbox/outbox';
    const { next, fill } = setup(() => answer(201, { ...RECEIVED, outboxUrl }));
    fill();
    next();
    fireEvent.click(screen.getByRole('button', { name: 'Widerruf bestätigen' }));
    const link = await screen.findByRole('link', { name: 'Bestätigung im Sandbox-Postausgang ansehen' });
    expect(link.getAttribute('href')).toBe(outboxUrl);
  });

  it('says so when the receipt mail could not be sent yet', async () => {
    const { next, fill } = setup(() => answer(201, { ...RECEIVED, confirmationMailed: false }));
    fill();
    next();
    fireEvent.click(screen.getByRole('button', { name: 'Widerruf bestätigen' }));
    await screen.findByText(/wir schicken sie Ihnen nach/);
  });

  it('a field the API refuses takes the shopper back to it; too many calls are an alert', async () => {
    let status = 400;
    const { next, fill } = setup(() =>
      status === 400
        ? answer(400, {
            status: 400,
            code: 'validation',
            message: 'Invalid body email',
            errors: [{ field: 'email', message: 'must be a valid email address' }],
          })
        : answer(429, { status: 429, code: 'rate-limited', message: 'Too many requests; retry in 60 s.' }),
    );
    fill();
    next();
    fireEvent.click(screen.getByRole('button', { name: 'Widerruf bestätigen' }));
    await screen.findByRole('heading', { name: 'Schritt 1 von 2: Ihre Angaben' });
    // The focus is on the refused field, whose error a screen reader reads with it (not on the step's heading,
    // which says nothing about what is wrong; the alert is empty when fields are named).
    const email = screen.getByLabelText('E-Mail-Adresse für die Eingangsbestätigung');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-describedby')).toBe(screen.getByText(WITHDRAWAL_TEXT.emailInvalid).id);
    status = 429;
    next();
    fireEvent.click(screen.getByRole('button', { name: 'Widerruf bestätigen' }));
    // The review step's alert is there (empty) before the answer: wait for its text.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(WITHDRAWAL_TEXT.tooMany));
    // The alert takes the focus: the disabled "Widerruf bestätigen" had left it nowhere.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    expect(screen.getByRole('button', { name: 'Widerruf bestätigen' })).toBeTruthy();
  });

  it('sends a line separator or C1 control pasted into a field as a space, as the summary shows it', async () => {
    // Text copied from a PDF or a word processor can carry U+2028; the field shows it as a space, the API refuses
    // it in a single line ('validation' naming the field), and the shopper could not see what to correct.
    const { calls, next, fill, type } = setup(() => answer(201, RECEIVED));
    fill();
    type('Vor- und Nachname', 'Erika\u2028Muster\u0085frau ');
    type(/Welche Waren/, 'Funschild\u2029„GAST 1“');
    next();
    expect(screen.getByText('Erika Muster frau')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Widerruf bestätigen' }));
    await screen.findByRole('heading', { name: 'Widerruf eingegangen' });
    expect(calls[0]?.body).toMatchObject({ name: 'Erika Muster frau', items: 'Funschild „GAST 1“' });
  });

  it('leaves out bidi controls a copied name carries, as the summary shows it (session 22)', async () => {
    // The API refuses them in every single-line field; the withdrawal must not be refused for what the screen hid.
    const { calls, next, fill, type } = setup(() => answer(201, RECEIVED));
    fill();
    type('Vor- und Nachname', '\u2068Erika Musterfrau\u2069');
    type(/Welche Waren/, 'Funschild \u202E1 TSAG');
    next();
    expect(screen.getByText('Erika Musterfrau')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Widerruf bestätigen' }));
    await screen.findByRole('heading', { name: 'Widerruf eingegangen' });
    expect(calls[0]?.body).toMatchObject({ name: 'Erika Musterfrau', items: 'Funschild 1 TSAG' });
  });

  it('asks for a name that holds nothing but invisible controls', () => {
    const { next, fill, type } = setup(() => answer(201, RECEIVED));
    fill();
    type('Vor- und Nachname', '\u202E\u2069 ');
    next();
    expect(screen.getByText(WITHDRAWAL_TEXT.nameMissing)).toBeTruthy();
  });

  it('writes the time of receipt in German time, summer and winter', () => {
    expect(receiptTime('2026-06-19T22:30:05Z')).toEqual({
      day: '20. Juni 2026',
      time: '00:30:05',
      zone: 'MESZ',
    });
    expect(receiptTime('2026-12-31T23:00:00Z')).toEqual({
      day: '1. Januar 2027',
      time: '00:00:00',
      zone: 'MEZ',
    });
  });

  it('names the zone in the hour the clock change repeats (session 25): the two 02:30 of 26 October 2025', () => {
    expect(receiptTime('2025-10-26T00:30:00Z')).toEqual({
      day: '26. Oktober 2025',
      time: '02:30:00',
      zone: 'MESZ',
    });
    expect(receiptTime('2025-10-26T01:30:00Z')).toEqual({
      day: '26. Oktober 2025',
      time: '02:30:00',
      zone: 'MEZ',
    });
  });
});
