// @vitest-environment jsdom
/** @jsxImportSource preact */
// The plate rules come from a lazy chunk (lp-plates.js). A phone that loses its connection while the chunk loads
// must not be stuck until a reload: the add button asks for the chunk again. Own file: the plates loader is set
// once per page (the first setPlatesLoader wins), and this one fails first.
import { createMemoryStorage, createSdk } from '@lp/sdk';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PlatesApi, setPlatesLoader } from '../../plates/platesApi';
import { PlateGenerator } from '../PlateGenerator';
import { plateProduct } from './productFixture';

let chunkReachable = false;
const loader = vi.fn(async (): Promise<PlatesApi> => {
  if (!chunkReachable) throw new Error('lp-widget: could not load https://cdn.test/lp-plates.js');
  return import('@lp/sdk/plates');
});

beforeAll(() => setPlatesLoader(loader));
afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const cart = (guid: string) => ({
  id: 1,
  userId: null,
  cartGuid: guid,
  deliveryPrice: 0,
  totalAmount: 12.9,
  items: [],
});

describe('<lp-plate-generator> when lp-plates.js fails to load', () => {
  it('keeps the button usable; pressing it loads the chunk again, and the next press adds', async () => {
    const adds: unknown[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('get-product-by-alias')) return json(200, plateProduct());
      if (url.includes('/api/v1/business/get'))
        return json(200, { UniqueId: 1001, Alias: 'lp-de', Name: 'LP' });
      if (url.includes('addCartItem')) {
        adds.push(JSON.parse(String(init?.body)));
        return json(200, cart('guid-1'));
      }
      return json(400, { status: 400, code: 'validation', message: 'Bad Request' });
    }) as typeof globalThis.fetch;
    const sdk = createSdk({ baseUrl: 'http://api.test', fetch, storage: createMemoryStorage(), retries: 0 });
    const emit = vi.fn(() => true);
    render(
      <PlateGenerator
        api={null}
        company={null}
        product={null}
        size={null}
        type={null}
        shopUrl="http://shop.test"
        lang={null}
        kennzeichen="B-AB 123"
        art={null}
        groesse={null}
        readUrl={null}
        dealer={null}
        sdk={sdk}
        emit={emit}
        host={document.createElement('div')}
      />,
    );
    const message = await screen.findByText(/Das Produkt konnte nicht geladen werden/);
    await screen.findByText(/inkl\. MwSt\./);
    const button = screen.getByRole('button', { name: 'In den Warenkorb' });
    // Not a dead control: a keyboard or screen-reader shopper can press it.
    expect(button.getAttribute('aria-disabled')).toBe('false');
    expect(loader).toHaveBeenCalledTimes(1);

    chunkReachable = true;
    fireEvent.click(button);
    await waitFor(() => expect(loader).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(message.isConnected).toBe(false));
    // The real plate picture replaces the placeholder once the rules are there.
    await waitFor(() => expect(document.querySelector('.preview svg.plate-placeholder')).toBeNull());
    expect(adds).toHaveLength(0);

    fireEvent.click(button);
    await waitFor(() => expect(adds).toHaveLength(1));
    expect((screen.getByLabelText('Kennzeichen') as HTMLInputElement).value).toBe('B-AB 123');
  });
});
