// Hydration: the server snapshot is the store's initial state, so a browser that already knows its cart
// hydrates without a mismatch and then shows the count.
import { createMemoryStorage, createSdk } from '@lp/sdk';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { LpProvider, useCart } from '../src/index';

function Count() {
  return <span>{useCart((cart) => cart.count)}</span>;
}

describe('hydration', () => {
  it('hydrates the server HTML of the empty cart, then shows the browser cart', async () => {
    const options = { baseUrl: 'http://127.0.0.1:9', storage: createMemoryStorage() };
    const app = (sdk: ReturnType<typeof createSdk>) => (
      <LpProvider sdk={sdk} loadCart={false}>
        <Count />
      </LpProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(app(createSdk(options)));
    expect(container.textContent).toBe('0');
    const browser = createSdk(options);
    browser.cartStore.setState({ count: 3 });
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, app(browser), { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.textContent).toBe('3');
  });
});
