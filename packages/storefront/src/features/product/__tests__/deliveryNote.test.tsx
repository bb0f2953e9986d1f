// Art. 246a § 1 (1) Nr. 7 EGBGB, § 312d BGB: a product page states the delivery time before the order, beside the
// price. The shop owner words it on the shipping method; the page takes it from the root loader, which reads the
// shipping methods the layout reads anyway (free-shipping minimum), so it asks the API for nothing more.
import { createSdk } from '@lp/sdk';
import type { ShippingMethod } from '@lp/sdk/contract';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { holder as holderFixture } from '../../../../__tests__/fixtures';
import { AppProviders } from '../../../app/AppProviders';
import { publicConfig, readConfig } from '../../../config';
import { createShopData } from '../../../data/shopData';
import { createErrorReporter } from '../../../errors/errorReporter';
import { Component as ConfiguratorPage } from '../../../pages/ConfiguratorPage';
import { Component as ProductPage } from '../../../pages/ProductPage';
import { type ProductData, createLoaders } from '../../../routes/loaders';

const holder = holderFixture();
const config = publicConfig(readConfig({}));
const company = { UniqueId: 1001, Alias: 'lp-de', Name: 'Kennzeichen-Profi' };
const methods: ShippingMethod[] = [
  {
    id: 1,
    name: 'DHL Standard',
    shippingRates: [
      { rate: 0, minOrderAmount: 50 },
      { rate: 4.9, minOrderAmount: 0 },
    ],
    deliveryTime: '1–3 Werktage',
  },
];

/** An API that knows shipping methods only; every other read answers an empty list. Counts the shipping reads. */
function fakeApi(answer: ShippingMethod[]) {
  const asked: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    asked.push(new URL(url).pathname);
    const body = url.includes('getActiveShippingMethods') ? answer : [];
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  const sdk = createSdk({ baseUrl: 'http://shop.test', storage: null, fetch, retries: 0 });
  return { sdk, asked, data: createShopData(sdk, company, config) };
}

const NoFallback = () => null;

/** The product page under a root route, as createRoutes nests it, with the layout data the root loader gives. */
function renderProductPage(answer: ShippingMethod[], Page = ProductPage, path = `/${holder.Alias}`) {
  const { sdk, data, asked } = fakeApi(answer);
  const page: ProductData = { product: holder, upsell: [], discounts: [] };
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: createLoaders({ data, config }).root,
        HydrateFallback: NoFallback,
        children: [
          { path: ':alias', Component: Page, loader: () => page },
          { path: ':alias/configurator', Component: Page, loader: () => page },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders value={{ sdk, data, config, reporter: createErrorReporter([]) }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { asked };
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('the delivery time on a product page', () => {
  it('stands right under the price and its VAT and shipping note, as the shop states it', async () => {
    const { asked } = renderProductPage(methods);
    const note = await screen.findByText(/^Lieferzeit:/);
    expect(plain(note.textContent)).toBe('Lieferzeit: 1–3 Werktage innerhalb Deutschlands');
    const price = note.previousElementSibling;
    expect(price?.className).toBe('product__price');
    expect(plain(price?.textContent)).toContain('inkl. MwSt., zzgl. Versand');
    // The shipping methods are read once, for the free-shipping minimum and the delivery time alike.
    expect(asked.filter((path) => path.endsWith('getActiveShippingMethods'))).toHaveLength(1);
  });

  it('stands under the price of the name plate configurator too', async () => {
    renderProductPage(methods, ConfiguratorPage, `/${holder.Alias}/configurator`);
    const note = await screen.findByText(/^Lieferzeit:/);
    expect(plain(note.textContent)).toBe('Lieferzeit: 1–3 Werktage innerhalb Deutschlands');
    expect(note.previousElementSibling?.className).toBe('product__price');
  });

  it('is left out when the shop states none (nothing made up)', async () => {
    const { deliveryTime: _stated, ...none } = methods[0]!;
    renderProductPage([none]);
    await screen.findByText(/inkl\. MwSt\./);
    expect(screen.queryByText(/Lieferzeit/)).toBeNull();
  });
});
