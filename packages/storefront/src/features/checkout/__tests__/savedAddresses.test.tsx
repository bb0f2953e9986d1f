import type { Address, Cart, RecentAddresses } from '@lp/sdk/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { CheckoutForm } from '../CheckoutForm';
import { emptyCheckout } from '../checkoutFields';
import { prefilled } from '../savedAddresses';

// Session 20: a returning customer's checkout starts filled in (their e-mail, the newest order's phone and addresses)
// and offers their recent addresses; what they typed in this tab wins; a guest's checkout asks for nothing.

const place = (street: string, extra: Partial<Address> = {}): Address => ({
  name: 'Petra',
  lastName: 'Händler',
  street,
  houseNumber: '5',
  zipCode: '10115',
  city: 'Berlin',
  country: 'DE',
  ...extra,
});

const details: RecentAddresses = {
  email: 'werkstatt@autohaus.example',
  phone: '+49 3012345678',
  shipping: place('Werkstattweg', { company: 'Autohaus Händler GmbH' }),
  billing: place('Rechnungsallee', { company: 'Autohaus Händler GmbH' }),
  addresses: [
    place('Werkstattweg', { company: 'Autohaus Händler GmbH' }),
    place('Rechnungsallee', { company: 'Autohaus Händler GmbH' }),
    place('Filialstraße', { city: 'Potsdam', zipCode: '14467' }),
  ],
};

/** The API behind the form: the customer's details (or 401 for nobody), every other call offline. */
function api(answer: RecentAddresses | null) {
  return vi.fn(async (input: RequestInfo | URL) => {
    if (String(input).endsWith('/api/Account/recentAddresses'))
      return answer
        ? new Response(JSON.stringify(answer), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          })
        : new Response(JSON.stringify({ status: 401, code: 'unauthorized', message: 'Login required.' }), {
            status: 401,
            headers: { 'content-type': 'application/json' },
          });
    throw new TypeError('offline');
  });
}

function renderForm(fetch: ReturnType<typeof api>, userId: number | null) {
  const view = renderWithShop(
    <CheckoutForm
      paymentTypes={[{ id: 'paypal', name: 'PayPal', brands: [] }]}
      methods={[]}
      leavingToPayment={{ current: false }}
    />,
    { fetch: fetch as unknown as typeof globalThis.fetch },
  );
  const { cart } = view.sdk.cartStore.getState();
  // The login attached the cart to the account (features/account/attachCart.ts): the cart names its user.
  act(() => view.sdk.cartStore.setState({ cart: { ...cart, userId } as Cart }));
  return view;
}

const field = (label: string) => screen.getAllByLabelText(new RegExp(`^${label}`))[0] as HTMLInputElement;
const sameAddress = () =>
  screen.getByRole('checkbox', { name: 'Rechnungsadresse entspricht der Lieferadresse' }) as HTMLInputElement;
const askedForDetails = (fetch: ReturnType<typeof api>) =>
  fetch.mock.calls.some(([input]) => String(input).endsWith('/api/Account/recentAddresses'));

afterEach(() => sessionStorage.clear());

describe('the checkout of a logged-in customer', () => {
  it('starts with their e-mail, phone and the newest order’s addresses', async () => {
    renderForm(api(details), 7);
    await waitFor(() => expect(field('E-Mail').value).toBe('werkstatt@autohaus.example'));
    expect(field('Telefon').value).toBe('+49 3012345678');
    expect((document.getElementById('shipping-street') as HTMLInputElement).value).toBe('Werkstattweg');
    expect((document.getElementById('shipping-company') as HTMLInputElement).value).toBe(
      'Autohaus Händler GmbH',
    );
    // That order billed another address: it is the billing address again.
    expect(sameAddress().checked).toBe(false);
    expect((document.getElementById('billing-street') as HTMLInputElement).value).toBe('Rechnungsallee');
    // A company: the invoice references are asked for.
    expect(field('USt-IdNr.')).toBeTruthy();
  });

  it('lets them choose another recent address for shipping', async () => {
    renderForm(api(details), 7);
    const choice = (
      await screen.findAllByRole('combobox', { name: 'Adresse aus früheren Bestellungen' })
    )[0]!;
    expect([...(choice as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Gespeicherte Adressen …',
      'Petra Händler, Autohaus Händler GmbH, Werkstattweg 5, 10115 Berlin',
      'Petra Händler, Autohaus Händler GmbH, Rechnungsallee 5, 10115 Berlin',
      'Petra Händler, Filialstraße 5, 14467 Potsdam',
    ]);
    fireEvent.change(choice, { target: { value: '2' } });
    expect((document.getElementById('shipping-street') as HTMLInputElement).value).toBe('Filialstraße');
    expect((document.getElementById('shipping-city') as HTMLInputElement).value).toBe('Potsdam');
    expect((document.getElementById('shipping-company') as HTMLInputElement).value).toBe('');
    expect(JSON.parse(sessionStorage.getItem('lp-checkout')!).shipping.city).toBe('Potsdam');
    // The fields change out of a screen reader's sight: the choice says what it did.
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
      'Die Adresse wurde in die Felder übernommen.',
    );
  });

  it('keeps what they typed in this tab: the draft wins, only untouched parts are filled', async () => {
    sessionStorage.setItem(
      'lp-checkout',
      JSON.stringify({
        ...emptyCheckout(),
        email: 'privat@example.de',
        shipping: { ...emptyCheckout().shipping, name: 'Erika', street: 'Eigene Straße' },
      }),
    );
    const fetch = api(details);
    renderForm(fetch, 7);
    await waitFor(() => expect(field('Telefon').value).toBe('+49 3012345678'));
    expect(field('E-Mail').value).toBe('privat@example.de');
    expect((document.getElementById('shipping-street') as HTMLInputElement).value).toBe('Eigene Straße');
    expect((document.getElementById('shipping-city') as HTMLInputElement).value).toBe('');
    expect(sameAddress().checked).toBe(true);
  });
});

describe('the checkout of a guest', () => {
  it('asks the API for nobody’s details and fills nothing in', async () => {
    const fetch = api(details);
    renderForm(fetch, null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(askedForDetails(fetch)).toBe(false);
    expect(field('E-Mail').value).toBe('');
    expect(screen.queryByRole('combobox', { name: 'Adresse aus früheren Bestellungen' })).toBeNull();
  });

  it('fills nothing in when the session has ended meanwhile (401)', async () => {
    const fetch = api(null);
    const { reports } = renderForm(fetch, 7);
    await waitFor(() => expect(askedForDetails(fetch)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(field('E-Mail').value).toBe('');
    // No report: a guest (or an ended session) is no fault (the icon sprite is not loaded in this test).
    expect(reports.filter((report) => report.component === 'CheckoutPage')).toEqual([]);
  });
});

describe('prefilled', () => {
  it('keeps the billing address the same when the newest order billed its shipping address', () => {
    const same = { ...details, billing: details.shipping };
    const values = prefilled(emptyCheckout(), same);
    expect(values.billingSame).toBe(true);
    expect(values.shipping.street).toBe('Werkstattweg');
  });
  it('fills no address when the customer has none yet', () => {
    const values = prefilled(emptyCheckout(), { ...details, phone: null, shipping: null, billing: null });
    expect(values).toEqual({ ...emptyCheckout(), email: 'werkstatt@autohaus.example' });
  });
});
