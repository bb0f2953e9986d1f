// @vitest-environment jsdom
/** @jsxImportSource preact */
// The dealer side of the widget (issue 12) with the SDK's real client over a fake fetch (failure injection; the
// whole path runs against the real API in e2e/widget/dealerEmbed.test.ts).
import { LpError, createMemoryStorage, createSdk } from '@lp/sdk';
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CartButton } from '../cartButton/CartButton';
import { widgetCart } from '../cartHandle';
import { createWidgetSdk } from '../createWidgetSdk';
import { PlateGenerator } from '../generator/PlateGenerator';
import { plateProduct } from '../generator/__tests__/productFixture';
import { handoffUrl } from '../handoffUrl';
import { setPlatesLoader } from '../plates/platesApi';
import { getSdk, setDefaults } from '../sdkRegistry';
import { widgetError } from '../widgetError';

beforeAll(() => {
  setPlatesLoader(() => import('@lp/sdk/plates'));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const cartWith = (guid: string, quantity: number) => ({
  id: 1,
  userId: null,
  cartGuid: guid,
  deliveryPrice: 0,
  totalAmount: 12.9 * quantity,
  items: [
    {
      itemInternalId: 'i1',
      productUniqueId: 'KFZ-001-520x110-STD',
      price: 12.9,
      description: '',
      currency: 'EUR',
      quantity,
      addData: [{ count: quantity, info: { Alias: 'kfz-kennzeichen', Title: 'x', Attributes: {} } }],
    },
  ],
});

describe('handoffUrl', () => {
  it('leads to the shop cart with the guid, or to the cart alone without one', () => {
    expect(handoffUrl('https://shop.example/', 'a b&c')).toBe('https://shop.example/cart?cartGuid=a%20b%26c');
    expect(handoffUrl('https://shop.example///', null)).toBe('https://shop.example/cart');
    expect(handoffUrl('', undefined)).toBe('/cart');
  });
});

describe('a refused origin is not "offline"', () => {
  // The API refuses the page's origin: the browser reports only a failed fetch, the origin check says why.
  const refusingFetch = (async (input: RequestInfo | URL) => {
    if (String(input).endsWith('/api/embed/origin'))
      return json(200, { allowed: false, origin: 'https://autohaus.example' });
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;

  it('tells the shopper plainly and hands the developer the fix in lp-error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const sdk = createSdk({
      baseUrl: 'http://api.test',
      fetch: refusingFetch,
      storage: createMemoryStorage(),
    });
    const emit = vi.fn((_name: string, _detail?: unknown) => true);
    render(<PlateGenerator {...noAttributes} sdk={sdk} emit={emit} host={document.createElement('div')} />);
    expect(
      await screen.findByText('Der Konfigurator ist auf dieser Seite noch nicht freigeschaltet.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Keine Verbindung/)).toBeNull();
    const detail = emit.mock.calls.find((call) => call[0] === 'lp-error')?.[1] as {
      code: string;
      fix: string;
    };
    expect(detail.code).toBe('origin-not-allowed');
    expect(detail.fix).toMatch(/autohaus\.example.*dealers\.md/);
    expect(error).toHaveBeenCalledWith(expect.stringContaining(detail.fix));
  });

  it('keeps the offline text when the origin check cannot answer either', async () => {
    const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const sdk = createSdk({ baseUrl: 'http://api.test', fetch: offline, storage: createMemoryStorage() });
    render(
      <PlateGenerator {...noAttributes} sdk={sdk} emit={() => true} host={document.createElement('div')} />,
    );
    expect(await screen.findByText(/Keine Verbindung zum Shop/)).toBeTruthy();
  });

  it('says the same when an add names a dealer id the shop does not know, with the API message as the fix', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const refused = new LpError('http', 'An unexpected server error occurred.', {
      status: 400,
      body: { status: 400, code: 'unknown-dealer', message: 'No dealer "autohaus-x" is registered.' },
    });
    expect(widgetError('add', refused)).toEqual({
      code: 'add',
      message: 'Der Konfigurator ist auf dieser Seite noch nicht freigeschaltet.',
      fix: 'No dealer "autohaus-x" is registered.',
      error: refused,
    });
    expect(error).toHaveBeenCalledTimes(1);
    // Anything else keeps its own text and has no fix.
    expect(widgetError('add', new LpError('network', 'x')).fix).toBeUndefined();
  });
});

const noAttributes = {
  api: null,
  company: null,
  product: null,
  size: null,
  type: null,
  shopUrl: 'http://shop.test',
  lang: null,
  kennzeichen: 'B-AB 123',
  art: null,
  groesse: null,
  readUrl: null,
  dealer: null,
};

describe('the dealer id travels with every add', () => {
  function recordingFetch(bodies: unknown[]): typeof fetch {
    return (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('addCartItem')) {
        bodies.push(JSON.parse(String(init?.body)));
        return json(200, cartWith('guid-d', 1));
      }
      return json(200, plateProduct());
    }) as typeof fetch;
  }

  it('adds `dealer` to the add body of the widget SDK; a body naming its own dealer wins', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', recordingFetch(bodies));
    const sdk = createWidgetSdk('http://api.test', 'lp-de', 'autohaus-muster');
    const body = { productUniqueId: 'KFZ-001-520x110-STD', quantity: 1, addData: [] };
    await sdk.cart.addItem(body);
    await sdk.cart.addItem({ ...body, dealer: 'autohaus-b' });
    expect(bodies).toEqual([
      { ...body, dealer: 'autohaus-muster' },
      { ...body, dealer: 'autohaus-b' },
    ]);
    const plain: unknown[] = [];
    vi.stubGlobal('fetch', recordingFetch(plain));
    await createWidgetSdk('http://api.test', 'lp-de').cart.addItem(body);
    expect(plain).toEqual([body]);
    vi.unstubAllGlobals();
  });

  it('gives each dealer id its own SDK, and elements with the same one the same SDK', () => {
    const a = getSdk('http://api.test', 'lp-de', 'autohaus-muster');
    expect(getSdk('http://api.test/', 'lp-de', 'autohaus-muster')).toBe(a);
    expect(getSdk('http://api.test', 'lp-de', 'autohaus-b')).not.toBe(a);
    expect(getSdk('http://api.test', 'lp-de', '')).toBe(getSdk('http://api.test', 'lp-de'));
  });
});

describe('<lp-cart-button> and LpWidget.cart', () => {
  function storeSdk() {
    let cart: ReturnType<typeof cartWith> | null = null;
    const fetch = (async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('addCartItem')) {
        const before: number = cart?.items[0]?.quantity ?? 0;
        cart = cartWith('guid-7', before + 2);
        return json(200, cart);
      }
      return json(200, cart ?? { ...cartWith('', 0), cartGuid: null, items: [] });
    }) as typeof globalThis.fetch;
    return createSdk({ baseUrl: 'http://api.test', fetch, storage: createMemoryStorage() });
  }
  const add = (sdk: ReturnType<typeof storeSdk>) =>
    sdk.cartStore.getState().add({ productUniqueId: 'KFZ-001-520x110-STD', quantity: 2, addData: [] });

  it('is a link to the shop cart named by its count, following every add', async () => {
    const sdk = storeSdk();
    render(
      <CartButton
        api={null}
        company={null}
        shopUrl="https://shop.example"
        dealer={null}
        lang={null}
        sdk={sdk}
        emit={() => true}
        host={document.createElement('div')}
      />,
    );
    const empty = await screen.findByRole('link', { name: 'Warenkorb, leer' });
    expect(empty.getAttribute('href')).toBe('https://shop.example/cart');
    await add(sdk);
    const one = await screen.findByRole('link', { name: 'Warenkorb, 2 Artikel' });
    expect(one.getAttribute('href')).toBe('https://shop.example/cart?cartGuid=guid-7');
    expect(one.getAttribute('target')).toBe('_top');
    expect(one.textContent).toBe('2');
    await add(sdk);
    await screen.findByRole('link', { name: 'Warenkorb, 4 Artikel' });
  });

  it('LpWidget.cart reports the page cart and calls subscribers now and on each change, until they leave', async () => {
    setDefaults({
      api: 'http://cart-handle.test',
      shopUrl: 'https://shop.example',
      dealer: 'autohaus-muster',
    });
    let quantity = 0;
    vi.stubGlobal('fetch', (async (input: RequestInfo | URL) => {
      if (String(input).includes('addCartItem')) quantity += 2;
      return json(
        200,
        quantity ? cartWith('guid-9', quantity) : { ...cartWith('', 0), cartGuid: null, items: [] },
      );
    }) as typeof fetch);
    const sdk = getSdk('http://cart-handle.test', 'lp-de', 'autohaus-muster');
    const seen: unknown[] = [];
    const unsubscribe = widgetCart.subscribe((cart) => seen.push(cart));
    expect(seen).toEqual([{ count: 0, cartGuid: null, handoffUrl: 'https://shop.example/cart' }]);
    await sdk.cartStore.getState().add({ productUniqueId: 'x', quantity: 2, addData: [] });
    expect(widgetCart.count).toBe(2);
    expect(widgetCart.handoffUrl).toBe('https://shop.example/cart?cartGuid=guid-9');
    expect(seen.at(-1)).toEqual({
      count: 2,
      cartGuid: 'guid-9',
      handoffUrl: 'https://shop.example/cart?cartGuid=guid-9',
    });
    const calls = seen.length;
    unsubscribe();
    await sdk.cartStore.getState().add({ productUniqueId: 'x', quantity: 2, addData: [] });
    expect(widgetCart.count).toBe(4);
    expect(seen).toHaveLength(calls);
    vi.unstubAllGlobals();
  });
});
