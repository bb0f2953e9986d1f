// The real widget element inside a React tree, against the real API: the plate added in <lp-plate-generator>
// shows in a React header through one shared SDK, and nothing is asked through any other SDK. Here the elements
// are defined before React renders (widgetLazy.test.tsx: after).
import { createMemoryStorage } from '@lp/sdk';
import { defineElements } from '@lp/widget';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type LpAddToCartDetail, LpPlateGenerator, LpProvider, useCart } from '../src/index';

beforeAll(() => defineElements({ editor: false }));
afterEach(() => cleanup());

function Header() {
  return <header>Warenkorb: {useCart((cart) => cart.count)}</header>;
}

describe('LpPlateGenerator with the real widget', () => {
  it('adds a plate that the React header counts, through the provider SDK only', async () => {
    const stray = vi.spyOn(globalThis, 'fetch');
    const calls: string[] = [];
    const onAddToCart = vi.fn<(event: CustomEvent<LpAddToCartDetail>) => void>();
    const options = {
      baseUrl: inject('apiUrl'),
      storage: createMemoryStorage(),
      retries: 0,
      fetch: ((url, init) => {
        calls.push(String(url));
        return fetch(url, init);
      }) as typeof fetch,
    };
    const { container } = render(
      <LpProvider options={options}>
        <Header />
        <LpPlateGenerator kennzeichen="B-AB 123" onAddToCart={onAddToCart} />
      </LpProvider>,
    );
    expect(screen.getByRole('banner').textContent).toBe('Warenkorb: 0');
    const shadow = container.querySelector('lp-plate-generator')!.shadowRoot!;
    const form = within(shadow as unknown as HTMLElement);
    const button = await form.findByRole('button', { name: 'In den Warenkorb' }, { timeout: 10_000 });
    await form.findByText(/inkl\. MwSt\./, undefined, { timeout: 10_000 });
    fireEvent.click(button);
    await waitFor(() => expect(onAddToCart).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    const detail = onAddToCart.mock.calls[0]![0].detail;
    expect(detail.configuration.plateText).toBe('B-AB 123');
    expect(screen.getByRole('banner').textContent).toBe(`Warenkorb: ${detail.count}`);
    expect(detail.count).toBeGreaterThan(0);
    // Every request went through the provider's SDK (its fetch), none through a default one of the widget.
    expect(calls.every((url) => url.startsWith(options.baseUrl))).toBe(true);
    expect(stray.mock.calls.length).toBe(calls.length);
  }, 30_000);
});
