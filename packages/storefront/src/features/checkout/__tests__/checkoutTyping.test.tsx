import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { CheckoutForm } from '../CheckoutForm';

// What a key press costs on a phone: the form's parts that do not depend on the field (order review, price summary,
// the other fields) are not rendered again (decisions.md "Checkout: a key press renders its field").
const renders = vi.hoisted(() => ({ review: 0, summary: 0 }));
vi.mock('../OrderReview', async (original) => {
  const actual = await original<typeof import('../OrderReview')>();
  return {
    OrderReview: (props: Parameters<typeof actual.OrderReview>[0]) => {
      renders.review++;
      return actual.OrderReview(props);
    },
  };
});
vi.mock('../../cart/PriceSummary', async (original) => {
  const actual = await original<typeof import('../../cart/PriceSummary')>();
  return {
    ...actual,
    PriceSummary: (props: Parameters<typeof actual.PriceSummary>[0]) => {
      renders.summary++;
      return actual.PriceSummary(props);
    },
  };
});

const renderForm = () =>
  renderWithShop(
    <CheckoutForm
      paymentTypes={[{ id: 'paypal', name: 'PayPal', brands: [] }]}
      methods={[]}
      leavingToPayment={{ current: false }}
    />,
  );
const field = (label: string) => screen.getAllByLabelText(new RegExp(`^${label}`))[0] as HTMLInputElement;
const typeKeys = (input: HTMLInputElement, text: string) => {
  for (let end = 1; end <= text.length; end++)
    fireEvent.change(input, { target: { value: text.slice(0, end) } });
};
const draft = () => JSON.parse(sessionStorage.getItem('lp-checkout') ?? 'null');

beforeEach(() => {
  renders.review = 0;
  renders.summary = 0;
});
afterEach(() => sessionStorage.clear());

describe('typing into the checkout', () => {
  it('renders the field typed into, not the order review or the price summary', () => {
    renderForm();
    const before = { ...renders };
    expect(before.review).toBeGreaterThan(0);
    typeKeys(field('Straße'), 'Hauptstraße');
    typeKeys(field('E-Mail'), 'erika@example.de');
    expect(field('Straße').value).toBe('Hauptstraße');
    expect(field('E-Mail').value).toBe('erika@example.de');
    expect(renders).toEqual(before);
  });

  it('keeps the saved draft, and a shown message follows the typing', () => {
    const view = renderForm();
    const name = field('Vorname');
    fireEvent.blur(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(name.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toMatch(/Vornamen/);
    typeKeys(name, 'Erika');
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(name.getAttribute('aria-describedby')).toBeNull();
    // The phone is written as '+49 …' when it loses focus, and saved so.
    const phone = field('Telefon');
    fireEvent.change(phone, { target: { value: '030 1234567' } });
    fireEvent.blur(phone);
    expect(phone.value).toBe('+49 301234567');
    expect(draft()).toMatchObject({ phone: '+49 301234567', shipping: { name: 'Erika' } });
    // A reload: the next form starts from the draft.
    view.unmount();
    renderForm();
    expect(field('Vorname').value).toBe('Erika');
    expect(field('Telefon').value).toBe('+49 301234567');
  });

  it('shows the billing address only when it differs, and forgets its messages when it is the same again', () => {
    renderForm();
    const same = screen.getByRole('checkbox', { name: /Rechnungsadresse entspricht/ });
    expect(screen.queryByRole('group', { name: 'Rechnungsadresse' })).toBeNull();
    fireEvent.click(same);
    expect(screen.getByRole('group', { name: 'Rechnungsadresse' })).toBeTruthy();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    });
    expect(document.getElementById('billing-city')?.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(same);
    expect(screen.queryByRole('group', { name: 'Rechnungsadresse' })).toBeNull();
    fireEvent.click(same);
    expect(document.getElementById('billing-city')?.getAttribute('aria-invalid')).toBeNull();
    expect(draft()).toMatchObject({ billingSame: false });
  });
});
