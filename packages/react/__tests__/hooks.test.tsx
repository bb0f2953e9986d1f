// Provider and hooks against the real API (DESIGN 8), in a DOM.
import { createMemoryStorage, createSdk, type AddCartItemBody, type SdkOptions } from '@lp/sdk';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { LpProvider, preloadProduct, useCart, useLpSdk, useProduct } from '../src/index';

// The API runs on a random port, started by __tests__/support/apiSetup.ts.
const apiUrl = inject('apiUrl');
afterEach(() => cleanup());

/** A Funschild (fun plate) line, as in the SDK's contract tests. */
const PLATE: AddCartItemBody = {
  productUniqueId: 'FKZ-001',
  quantity: 2,
  addData: [
    {
      count: 2,
      info: {
        Alias: 'funschild',
        Title: 'Funschild',
        Attributes: { Kennzeichen: 'LP SHOP', 'Kennzeichen-Art': 'Standard', Kennzeichengröße: '520x110' },
      },
    },
  ],
};

/** SDK options for one shopper: own storage, calls recorded by path. */
function shopper(storage = createMemoryStorage()) {
  const calls: string[] = [];
  const options: SdkOptions = {
    baseUrl: apiUrl,
    storage,
    retries: 0,
    fetch: (url, init) => {
      calls.push(`${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`);
      return fetch(url, init);
    },
  };
  return { options, calls, storage };
}

function Cart() {
  const { count, lines, status, priceSummary, add, remove } = useCart();
  return (
    <div>
      <p data-testid="count">{count}</p>
      <p data-testid="status">{status}</p>
      <p data-testid="total">{priceSummary.cartAmount}</p>
      <button type="button" onClick={() => add(PLATE).catch(() => {})}>
        add
      </button>
      <button type="button" onClick={() => lines[0] && remove(lines[0].itemInternalId)}>
        remove
      </button>
    </div>
  );
}

function Probe() {
  useLpSdk();
  return null;
}

function Failing() {
  const { count, status, error, add } = useCart();
  return (
    <button type="button" onClick={() => add({ ...PLATE, productUniqueId: 'NO-SUCH' }).catch(() => {})}>
      {count} {status} {error?.name}
    </button>
  );
}

let renders = 0;
/** A selector that builds a new object on every call. */
function Count() {
  renders++;
  const { count } = useCart((cart) => ({ count: cart.count }));
  return <p data-testid="count">{count}</p>;
}

function CountOnly() {
  renders++;
  return <p>{useCart((cart) => cart.count)}</p>;
}

function Title({ alias }: { alias: string }) {
  const { data, error, loading } = useProduct(alias);
  return <p>{loading ? 'lädt' : error ? `Fehler ${error.code}` : data?.Title}</p>;
}

describe('LpProvider and useCart', () => {
  it('useLpSdk outside a provider throws an error that names the provider', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow(/<LpProvider>/);
    expect(() => render(<Cart />)).toThrow(/<LpProvider>/);
    quiet.mockRestore();
  });

  it('adds a plate through the real API: count, lines and total update, remove empties it', async () => {
    const { options } = shopper();
    render(
      <LpProvider options={options}>
        <Cart />
      </LpProvider>,
    );
    expect(screen.getByTestId('count').textContent).toBe('0');
    fireEvent.click(screen.getByText('add'));
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('2'));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('idle'));
    expect(Number(screen.getByTestId('total').textContent)).toBeGreaterThan(0);
    fireEvent.click(screen.getByText('remove'));
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('0'));
  });

  it('shows a failed add as status error with the SDK error, and the count unchanged', async () => {
    const { options } = shopper();
    render(
      <LpProvider options={options}>
        <Failing />
      </LpProvider>,
    );
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe('0 error LpError'));
  });

  it('loads the stored cart on mount, so a new page shows the count at once', async () => {
    const { options, storage } = shopper();
    await createSdk(options).cartStore.getState().add(PLATE);
    render(
      <LpProvider sdk={createSdk({ ...options, storage })}>
        <Cart />
      </LpProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('2'));
  });

  // Fixed in session 15: StrictMode's second run of the provider's effect loaded the cart again (2 getCart and
  // 2 shipping-rate requests per page load in development; seen in React Router 7's dev server).
  it('under StrictMode loads the stored cart once', async () => {
    const { options, storage, calls } = shopper();
    await createSdk(options).cartStore.getState().add(PLATE);
    calls.length = 0;
    render(
      <StrictMode>
        <LpProvider options={{ ...options, storage }}>
          <Cart />
        </LpProvider>
      </StrictMode>,
    );
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('2'));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('idle'));
    expect(calls.filter((call) => call === 'GET /api/Cart/getCart')).toHaveLength(1);
  });

  it('asks again at the next mount when the load failed', async () => {
    const { options, storage, calls } = shopper();
    await createSdk(options).cartStore.getState().add(PLATE);
    let down = true;
    const sdk = createSdk({
      ...options,
      storage,
      fetch: (url, init) => (down ? Promise.reject(new TypeError('offline')) : options.fetch!(url, init)),
    });
    const first = render(
      <LpProvider sdk={sdk}>
        <Cart />
      </LpProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('error'));
    first.unmount();
    down = false;
    calls.length = 0;
    render(
      <LpProvider sdk={sdk}>
        <Cart />
      </LpProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('2'));
    expect(calls.filter((call) => call === 'GET /api/Cart/getCart')).toHaveLength(1);
  });

  it('with loadCart={false} leaves loading to the app (no request)', async () => {
    const { options, calls } = shopper();
    render(
      <LpProvider options={options} loadCart={false}>
        <Cart />
      </LpProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
  });

  it('a selector re-renders only when its value changes, and may build objects', async () => {
    const sdk = createSdk(shopper().options);
    renders = 0;
    render(
      <LpProvider sdk={sdk} loadCart={false}>
        <Count />
      </LpProvider>,
    );
    const before = renders;
    act(() => sdk.cartStore.setState({ pending: true }));
    act(() => sdk.cartStore.setState({ pending: false }));
    // A new object from the selector on each state: rendered again, but no endless loop.
    expect(renders).toBeLessThanOrEqual(before + 2);
    act(() => sdk.cartStore.setState({ count: 5 }));
    expect(screen.getByTestId('count').textContent).toBe('5');
    const stable = renders;
    cleanup();
    render(
      <LpProvider sdk={sdk} loadCart={false}>
        <CountOnly />
      </LpProvider>,
    );
    const mounted = renders;
    act(() => sdk.cartStore.setState({ pending: true }));
    expect(renders).toBe(mounted);
    expect(stable).toBeGreaterThan(0);
  });
});

describe('useProduct', () => {
  it('loads a product once for every component asking for the same alias', async () => {
    const { options, calls } = shopper();
    render(
      <LpProvider options={options} loadCart={false}>
        <Title alias="funschild" />
        <Title alias="funschild" />
      </LpProvider>,
    );
    expect(screen.getAllByText('lädt')).toHaveLength(2);
    await waitFor(() => expect(screen.getAllByText(/Funschild/i)).toHaveLength(2));
    expect(calls.filter((call) => call.includes('get-product-by-alias'))).toHaveLength(1);
  });

  it('answers an unknown alias with the SDK error, and an empty one without a request', async () => {
    const { options, calls } = shopper();
    render(
      <LpProvider options={options} loadCart={false}>
        <Title alias="no-such-product" />
        <Title alias="" />
      </LpProvider>,
    );
    await waitFor(() => expect(screen.getByText('Fehler http')).toBeTruthy());
    await waitFor(() => expect(screen.getByText('Fehler invalidParameter')).toBeTruthy());
    expect(calls.filter((call) => call.includes('get-product-by-alias'))).toHaveLength(1);
  });

  it('renders a preloaded product at once, on the server too', async () => {
    const sdk = createSdk(shopper().options);
    await preloadProduct(sdk, 'funschild');
    const html = renderToString(
      <LpProvider sdk={sdk}>
        <Title alias="funschild" />
      </LpProvider>,
    );
    expect(html).toMatch(/Funschild/i);
    expect(html).not.toContain('lädt');
  });
});
