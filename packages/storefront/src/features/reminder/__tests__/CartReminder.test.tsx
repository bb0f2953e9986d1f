import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { CartReminder } from '../CartReminder';
import { REMINDER_STAMP_KEY } from '../reminderRules';

const HOUR = 3_600_000;
const NOW = new Date('2026-11-21T10:00:00Z').getTime();

function Where() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function setup(path: string, { count = 2, stampAgeMs = (25 * HOUR) as number | null } = {}) {
  if (stampAgeMs !== null) localStorage.setItem(REMINDER_STAMP_KEY, String(NOW - stampAgeMs));
  const view = renderWithShop(
    <>
      <CartReminder />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { path },
  );
  act(() => view.sdk.cartStore.setState({ count }));
  return view;
}

const stamp = () => Number(localStorage.getItem(REMINDER_STAMP_KEY));
/** The dialog loads on demand: wait for it, or give it the time it would need before saying it is absent. */
const dialog = () => screen.findByRole('dialog');
async function expectNoDialog() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
  expect(screen.queryByRole('dialog')).toBeNull();
}

describe('CartReminder', async () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('opens as a modal dialog after 24 h with items in the cart, and updates the stamp', async () => {
    setup('/');
    const dialog = await screen.findByRole('dialog', { name: 'Ihr Warenkorb wartet auf Sie' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('2 Artikel');
    expect(stamp()).toBe(NOW);
    // Focus goes into the dialog.
    expect(document.activeElement?.textContent).toBe('Zum Warenkorb');
  });

  it('is hidden by default: no stamp, a fresh stamp, or an empty cart', async () => {
    setup('/', { stampAgeMs: null });
    await expectNoDialog();
    expect(localStorage.getItem(REMINDER_STAMP_KEY)).toBeNull();
  });

  it('stays hidden within 24 h', async () => {
    setup('/', { stampAgeMs: 23 * HOUR });
    await expectNoDialog();
    expect(stamp()).toBe(NOW - 23 * HOUR);
  });

  it('stays hidden with an empty cart', async () => {
    setup('/', { count: 0 });
    await expectNoDialog();
  });

  it.each(['/cart', '/cart/checkout'])('never shows on %s and stamps the visit', async (path) => {
    setup(path);
    await expectNoDialog();
    expect(stamp()).toBe(NOW);
  });

  it("'Später' dismisses and it does not come back on the next change", async () => {
    const view = setup('/');
    await dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Später' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => view.sdk.cartStore.setState({ count: 3 }));
    await expectNoDialog();
  });

  it('the close button dismisses it', async () => {
    setup('/');
    await dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Escape dismisses it', async () => {
    setup('/blog');
    fireEvent.keyDown(await dialog(), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("'Zum Warenkorb' dismisses and goes to /cart", async () => {
    setup('/kennzeichen');
    await dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Zum Warenkorb' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('path').textContent).toBe('/cart');
  });

  it('keeps Tab inside the dialog', async () => {
    setup('/');
    await dialog();
    const buttons = screen.getAllByRole('button');
    const last = buttons[buttons.length - 1]!;
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(buttons[0]);
  });
});
