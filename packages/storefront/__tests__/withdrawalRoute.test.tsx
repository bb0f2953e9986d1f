// Session 16, § 356a BGB: /vertrag-widerrufen, reached from the footer of every page, without a login, listed in the
// sitemap like the information pages.
import { createSdk } from '@lp/sdk';
import { fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../src/app/AppProviders';
import { DEFAULT_CONFIG, publicConfig, readConfig } from '../src/config';
import { createShopData } from '../src/data/shopData';
import type { ShopData } from '../src/data/shopData';
import { createErrorReporter } from '../src/errors/errorReporter';
import { Component as WithdrawalPage } from '../src/pages/WithdrawalPage';
import { createRoutes } from '../src/routes/createRoutes';
import type { RouteHandle } from '../src/routes/routeHandle';
import { sitemapEntries } from '../src/routes/sitemap';
import { ROUTE_HEADS } from '../src/seo/routeHeads';
import { Footer } from '../src/chrome/Footer';
import { renderWithShop, setViewport } from './renderWithShop';

const data = {
  tree: async () => [],
  products: async () => [],
  articles: async () => [],
} as unknown as ShopData;
const routes = createRoutes({ data, config: publicConfig(DEFAULT_CONFIG) });
const route = routes[0]?.children?.find((child) => child.path === 'vertrag-widerrufen') as RouteObject;

describe('/vertrag-widerrufen (§ 356a BGB)', () => {
  it('is a public route of its own page module, titled "Vertrag widerrufen", in the sitemap', async () => {
    expect(route).toBeTruthy();
    expect(route.handle).toEqual({
      head: 'withdrawal',
      sitemap: true,
      module: 'src/pages/WithdrawalPage.tsx',
    });
    expect(ROUTE_HEADS.withdrawal().title).toBe('Vertrag widerrufen');
    const paths = (await sitemapEntries(routes, data, 1)).map((entry) => entry.path);
    expect(paths).toContain('/vertrag-widerrufen');
  });

  it('renders the withdrawal page (heading, link to the Belehrung, form)', async () => {
    const sdk = createSdk({ baseUrl: 'http://shop.test', storage: null, retries: 0 });
    const config = publicConfig(readConfig({}));
    const shopData = createShopData(
      sdk,
      { UniqueId: 1001, Alias: 'lp-de', Name: 'Kennzeichen-Profi' },
      config,
    );
    const router = createMemoryRouter(
      [{ path: '/vertrag-widerrufen', handle: route.handle as RouteHandle, Component: WithdrawalPage }],
      { initialEntries: ['/vertrag-widerrufen'] },
    );
    render(
      <AppProviders value={{ sdk, data: shopData, config, reporter: createErrorReporter([]) }}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Vertrag widerrufen' });
    expect(screen.getByRole('link', { name: 'Widerrufsbelehrung' }).getAttribute('href')).toBe(
      '/widerrufsrecht',
    );
    await screen.findByRole('heading', { level: 2, name: 'Schritt 1 von 2: Ihre Angaben' });
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(screen.getByText('Bitte geben Sie Ihren Namen ein.')).toBeTruthy();
  });

  // Session 24, withdrawfixui: the headerGuid is the order's bearer secret; it must not stay in the address bar, the
  // history or later requests' Referer, while the form keeps the order (router state; a reload keeps it).
  it('opened with ?bestellung=, it keeps the order but removes the guid from the address', async () => {
    const guid = 'c0ffee00-0000-4000-8000-000000000024';
    const order = {
      headerGuid: guid,
      orderNumber: 'LP-2026-000024',
      status: 'paid',
      orderItems: [{ itemInternalId: 'i1', businessName: 'Kennzeichenhalter Classic', itemQuantity: 1 }],
      billingPerson: { name: 'Erika', lastName: 'Musterfrau', email: 'erika@example.de' },
    };
    const read: string[] = [];
    const fetch = (async (url: RequestInfo | URL) => {
      read.push(String(url));
      return new Response(JSON.stringify(order), { headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const sdk = createSdk({ baseUrl: 'http://shop.test', storage: null, retries: 0, fetch });
    const config = publicConfig(readConfig({}));
    const shopData = createShopData(
      sdk,
      { UniqueId: 1001, Alias: 'lp-de', Name: 'Kennzeichen-Profi' },
      config,
    );
    const router = createMemoryRouter([{ path: '/vertrag-widerrufen', Component: WithdrawalPage }], {
      initialEntries: [`/vertrag-widerrufen?bestellung=${guid}`],
    });
    render(
      <AppProviders value={{ sdk, data: shopData, config, reporter: createErrorReporter([]) }}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await screen.findByRole('checkbox', { name: 'Kennzeichenhalter Classic (1 Stück)' });
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toEqual({ bestellung: guid });
    expect(read).toHaveLength(1);
    expect(read[0]).toContain(guid);
  });

  it('the footer links to it on every viewport, outside the sections that fold away on phones', () => {
    for (const mobile of [true, false]) {
      setViewport(mobile);
      const { unmount } = renderWithShop(
        <Footer
          articles={[]}
          menu={[]}
          mainProducts={[]}
          mainCategoryId={1}
          freeShippingFrom={50}
          phone="+49 3023125000"
          appVersion="1.32.0"
        />,
      );
      const link = screen.getByRole('link', { name: 'Vertrag widerrufen' });
      expect(link.getAttribute('href')).toBe('/vertrag-widerrufen');
      expect(link.closest('[hidden]')).toBeNull();
      unmount();
    }
  });
});
