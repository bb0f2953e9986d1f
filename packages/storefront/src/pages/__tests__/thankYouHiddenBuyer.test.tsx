// Session 26 (decisions.md "A paid guest order's page at a shared computer"): a day after the order, its link alone
// gets the order without its buyer; the page says why and where the addresses are, and shows them to the owner.
import type { Order } from '@lp/sdk/contract';
import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paidOrder, renderThankYou } from './renderThankYou';

configure({ asyncUtilTimeout: 5000 });

const blank = { name: '', lastName: '', street: '', houseNumber: '', zipCode: '', city: '', country: 'DE' };
const full = paidOrder();
const hidden: Order = {
  ...full,
  billingPerson: { email: '', phone: '', name: '', lastName: '' },
  shippingAddress: blank,
  billingAddress: blank,
  personalData: 'hidden',
};

/** The order page with `shown` from the page server; the browser's own getOrder answers `again`. */
const open = (shown: Order, again: Order | Promise<Order>) => renderThankYou(shown, again).asked;

describe('the order page a day later, by its link alone', () => {
  it('says in German why the addresses are not shown and where to find them', async () => {
    const asked = open(hidden, hidden);
    const notice = await screen.findByRole('region', { name: 'Adressen und Kontaktdaten ausgeblendet' });
    expect(notice.textContent).toMatch(/nur 24 Stunden nach der Bestellung/);
    expect(notice.textContent).toMatch(/Alle Angaben finden Sie in Ihrer Bestellbestätigung per E-Mail\./);
    // Session 26, einvoicelink: the login leads to the account, not back here; the page shows no phone number.
    expect(notice.textContent).toMatch(
      /nach der Anmeldung in Ihrem Kundenkonto unter „Meine Bestellungen“\.$/,
    );
    expect(notice.textContent).not.toMatch(/hier|Telefon/);
    expect(screen.getByRole('link', { name: 'Anmeldung' }).getAttribute('href')).toBe('/account/login');
    // What was bought and its state stay.
    expect(screen.getByTestId('order-number').textContent).toBe('LP-2026-000123');
    expect(screen.getByText(/K-LK 2026/)).toBeTruthy();
    expect(document.querySelector('address')).toBeNull();
    // No "an ." where the address was: the sentence ends after "per E-Mail".
    expect(screen.getByText(/senden wir Ihnen per E-Mail\.$/)).toBeTruthy();
    await waitFor(() =>
      expect(asked.some((url) => url.includes(`headerGuid=${hidden.headerGuid}`))).toBe(true),
    );
    expect(screen.getByRole('region', { name: 'Adressen und Kontaktdaten ausgeblendet' })).toBeTruthy();
  });

  it('an unpaid order does not point to the confirmation mail, which only the payment sends', async () => {
    for (const status of ['paymentPending', 'confirmed'] as const) {
      const { unmount } = renderThankYou({ ...hidden, status });
      const notice = await screen.findByRole('region', { name: 'Adressen und Kontaktdaten ausgeblendet' });
      expect(notice.textContent).not.toMatch(/Alle Angaben finden Sie in Ihrer Bestellbestätigung/);
      expect(notice.textContent).toMatch(
        /Sobald die Zahlung bestätigt ist, erhalten Sie alle Angaben mit der Bestellbestätigung per E-Mail\./,
      );
      unmount();
    }
  });

  it("keeps keyboard focus when the owner's addresses replace the notice", async () => {
    let answer: (order: Order) => void = () => undefined;
    const later = new Promise<Order>((resolve) => {
      answer = resolve;
    });
    open(hidden, later);
    const link = await screen.findByRole('link', { name: 'Anmeldung' });
    link.focus();
    expect(document.activeElement).toBe(link);
    answer(full);
    const heading = await screen.findByRole('heading', { name: 'Lieferadresse' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it("shows everything when the browser's session is the owner's", async () => {
    open(hidden, full);
    expect((await screen.findAllByText(/Hauptstraße 1/)).length).toBe(2);
    expect(screen.getByText('Bestätigung an: lena@example.de')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Adressen und Kontaktdaten ausgeblendet' })).toBeNull();
  });

  it('inside the day: the addresses and the e-mail address as before, asked once only', async () => {
    const asked = open(full, full);
    expect((await screen.findAllByText(/Hauptstraße 1/)).length).toBe(2);
    expect(screen.getByText(/senden wir Ihnen per E-Mail an lena@example\.de\./)).toBeTruthy();
    expect(asked).toEqual([]);
  });
});
