// @vitest-environment jsdom
/** @jsxImportSource preact */
// Failure injection through a fake fetch (the happy path runs against the real API in e2e/widget).
import { createMemoryStorage, createSdk } from '@lp/sdk';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setPlatesLoader } from '../../plates/platesApi';
import { PlateGenerator } from '../PlateGenerator';
import { plateProduct } from './productFixture';

beforeAll(() => {
  setPlatesLoader(() => import('@lp/sdk/plates'));
});
afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeFetch(handlers: { product?: () => Response; add?: () => Response }): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('get-product-by-alias')) return handlers.product?.() ?? json(200, plateProduct());
    if (url.includes('/api/v1/business/get'))
      return json(200, { UniqueId: 1001, Alias: 'lp-de', Name: 'LP' });
    if (url.includes('addCartItem'))
      return (
        handlers.add?.() ?? json(500, { status: 500, code: 'internal', message: 'Internal Server Error' })
      );
    return json(400, { status: 400, code: 'validation', message: 'Bad Request' });
  }) as typeof fetch;
}

function mount(fetch: typeof globalThis.fetch) {
  const sdk = createSdk({ baseUrl: 'http://api.test', fetch, storage: createMemoryStorage(), retries: 0 });
  const emit = vi.fn(() => true);
  const attributes = {
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
  render(<PlateGenerator {...attributes} sdk={sdk} emit={emit} host={document.createElement('div')} />);
  return { emit };
}

describe('<lp-plate-generator> failures', () => {
  it('says in German when the product cannot be loaded and fires lp-error', async () => {
    const { emit } = mount(fakeFetch({ product: () => json(500, { status: 500, message: 'down' }) }));
    const message = 'Das Produkt konnte nicht geladen werden. Bitte versuchen Sie es später erneut.';
    expect(await screen.findByText(message)).toBeTruthy();
    expect(emit).toHaveBeenCalledWith('lp-error', expect.objectContaining({ code: 'product', message }));
  });

  it('after a failed product load the button loads it again: the message goes, the typed text stays', async () => {
    let down = true;
    const online = fakeFetch({});
    mount(((input: RequestInfo | URL, init?: RequestInit) =>
      down ? Promise.reject(new TypeError('Failed to fetch')) : online(input, init)) as typeof fetch);
    const offline = await screen.findByText(/Keine Verbindung zum Shop/);
    const button = screen.getByRole('button', { name: 'In den Warenkorb' });
    // Usable, not a dead control: a keyboard or screen-reader shopper can press it.
    expect(button.getAttribute('aria-disabled')).toBe('false');
    down = false;
    fireEvent.click(button);
    expect(await screen.findByText(/inkl\. MwSt\./)).toBeTruthy();
    expect(offline.isConnected).toBe(false);
    expect((screen.getByLabelText('Kennzeichen') as HTMLInputElement).value).toBe('B-AB 123');
  });

  it('no longer says the product is loading once its load failed (the line keeps its place)', async () => {
    let down = true;
    const online = fakeFetch({});
    mount(((input: RequestInfo | URL, init?: RequestInit) =>
      down ? Promise.reject(new TypeError('Failed to fetch')) : online(input, init)) as typeof fetch);
    await screen.findByText(/Keine Verbindung zum Shop/);
    const price = document.querySelector('.price') as HTMLElement;
    expect(price.textContent).not.toContain('Produkt wird geladen');
    // The line keeps its two rows (no layout shift).
    expect(price.querySelector('.price-detail')).not.toBeNull();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'In den Warenkorb' }));
    expect(await screen.findByText(/inkl\. MwSt\./)).toBeTruthy();
  });

  it('reports a lost connection with its own text', async () => {
    mount((() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch);
    expect(await screen.findByText(/Keine Verbindung zum Shop/)).toBeTruthy();
  });

  it('keeps the configuration and says so when adding fails', async () => {
    const { emit } = mount(fakeFetch({}));
    const button = await screen.findByRole('button', { name: 'In den Warenkorb' });
    await screen.findByText(/inkl\. MwSt\./);
    fireEvent.click(button);
    const message =
      'Das Kennzeichen konnte nicht in den Warenkorb gelegt werden. Bitte versuchen Sie es erneut.';
    expect(await screen.findByText(message)).toBeTruthy();
    expect(emit).toHaveBeenCalledWith('lp-error', expect.objectContaining({ code: 'add', message }));
    expect((screen.getByLabelText('Kennzeichen') as HTMLInputElement).value).toBe('B-AB 123');
    expect(emit).not.toHaveBeenCalledWith('lp-add-to-cart', expect.anything());
  });

  it("says why the cart refused the add, by the API's code", async () => {
    const full = {
      status: 400,
      code: 'cart-line-limit',
      message: 'A cart holds at most 100 different lines; change the quantity of a line or remove one first.',
    };
    const { emit } = mount(fakeFetch({ add: () => json(400, full) }));
    const button = await screen.findByRole('button', { name: 'In den Warenkorb' });
    await screen.findByText(/inkl\. MwSt\./);
    fireEvent.click(button);
    const message = 'Ihr Warenkorb ist voll. Bitte entfernen Sie erst eine Position.';
    expect(await screen.findByText(message)).toBeTruthy();
    expect(emit).toHaveBeenCalledWith(
      'lp-error',
      expect.objectContaining({
        code: 'add',
        message,
        error: expect.objectContaining({ apiCode: 'cart-line-limit' }),
      }),
    );
  });

  it('announces the added line with the cart count and the hand-off link', async () => {
    const cart = {
      id: 1,
      userId: null,
      cartGuid: 'guid-1',
      deliveryPrice: 0,
      totalAmount: 25.8,
      items: [
        {
          itemInternalId: 'i1',
          productUniqueId: 'KFZ-001-520x110-STD',
          price: 12.9,
          description: '',
          currency: 'EUR',
          quantity: 2,
          addData: [
            {
              count: 2,
              info: {
                Alias: 'kfz-kennzeichen',
                Title: 'x',
                Attributes: {
                  Kennzeichen: 'B-AB 123',
                  'Kennzeichen-Art': 'Standard',
                  Kennzeichengröße: '520x110',
                  Schriftfarbe: 'Schwarz',
                },
              },
            },
          ],
        },
      ],
    };
    const { emit } = mount(fakeFetch({ add: () => json(200, cart) }));
    await screen.findByText(/inkl\. MwSt\./);
    fireEvent.click(screen.getByRole('button', { name: 'In den Warenkorb' }));
    expect(await screen.findByText('2 Artikel im Warenkorb')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Zum Warenkorb' });
    expect(link.getAttribute('href')).toBe('http://shop.test/cart?cartGuid=guid-1');
    await waitFor(() =>
      expect(emit).toHaveBeenCalledWith(
        'lp-add-to-cart',
        expect.objectContaining({
          count: 2,
          cartGuid: 'guid-1',
          line: expect.objectContaining({ itemInternalId: 'i1' }),
        }),
      ),
    );
  });
});
