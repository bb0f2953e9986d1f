import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithShop as render } from '../../../__tests__/renderWithShop';
import { Toasts } from '../Toasts';
import { toastStore } from '../toastStore';

function clearToasts() {
  for (const toast of toastStore.getState().toasts) toastStore.getState().dismiss(toast.id);
}

describe('toasts get out of the shopper’s way', () => {
  afterEach(() => act(clearToasts));

  it('closes a confirmation when the shopper taps somewhere else, and the tap still reaches its control', () => {
    let pressed = 0;
    render(
      <>
        <button type="button" onClick={() => pressed++}>
          520 × 110 mm
        </button>
        <Toasts />
      </>,
    );
    act(
      () =>
        void toastStore.getState().show('Der Artikel wurde in den Warenkorb gelegt.', { kind: 'success' }),
    );
    const variant = screen.getByRole('button', { name: '520 × 110 mm' });
    fireEvent.pointerDown(variant);
    fireEvent.click(variant);
    expect(screen.queryByText('Der Artikel wurde in den Warenkorb gelegt.')).toBeNull();
    expect(pressed).toBe(1);
  });

  it('closes a toast tapped anywhere on its box, not only on its close button', () => {
    render(<Toasts />);
    act(
      () =>
        void toastStore.getState().show('Der Artikel wurde in den Warenkorb gelegt.', { kind: 'success' }),
    );
    fireEvent.pointerDown(screen.getByText('Der Artikel wurde in den Warenkorb gelegt.'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps an error through taps elsewhere until the shopper closes it', () => {
    render(
      <>
        <p>Menge</p>
        <Toasts />
      </>,
    );
    act(() => void toastStore.getState().show('Fehler beim Hinzufügen.', { kind: 'error' }));
    fireEvent.pointerDown(screen.getByText('Menge'));
    expect(screen.getByRole('alert').textContent).toBe('Fehler beim Hinzufügen.');
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
