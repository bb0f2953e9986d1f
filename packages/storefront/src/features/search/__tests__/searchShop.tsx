// Session 21: the search's test shop, shared by search.test.tsx (session 18) and searchAnnounce.test.tsx: the API's
// search answered in memory, and the search route and a product route under a layout with the header's form.
import { createSdk } from '@lp/sdk';
import type { Category, Product } from '@lp/sdk/contract';
import { render } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { holder } from '../../../../__tests__/fixtures';
import { AppProviders } from '../../../app/AppProviders';
import { RouteFocus } from '../../../chrome/RouteFocus';
import { publicConfig, readConfig } from '../../../config';
import { createShopData } from '../../../data/shopData';
import { createErrorReporter } from '../../../errors/errorReporter';
import { Component as SearchPage } from '../../../pages/SearchPage';
import { SearchForm } from '../SearchForm';
import { searchLoader } from '../searchLoader';

const config = publicConfig(readConfig({}));
const company = { UniqueId: 1001, Alias: 'lp-de', Name: 'Kennzeichen-Profi' };
const tree: Category[] = [
  { UniqueId: 1737374401, Alias: 'kennzeichen', Name: 'Kennzeichen', ParentId: null, Children: [] },
  {
    UniqueId: 1737374402,
    Alias: 'kennzeichenhalter',
    Name: 'Kennzeichenhalter',
    ParentId: null,
    Children: [],
  },
];
export const hits: Product[] = Array.from({ length: 100 }, (_, i) =>
  holder({ UniqueId: `H-${i + 1}`, Alias: `halter-${i + 1}`, Name: `Kennzeichenhalter ${i + 1}` }),
);

/** The API's search as far as the page reads it; records every query asked. */
export function fakeApi(
  answer: (q: string) => Product[] | 400 | 429 | 'refused' = () => hits,
  suggest: (q: string) => string | undefined = () => undefined,
) {
  const asked: URLSearchParams[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (!url.pathname.endsWith('/search-products')) throw new Error(`unexpected ${url}`);
    asked.push(url.searchParams);
    const found = answer(url.searchParams.get('q') ?? '');
    if (found === 429)
      return new Response(
        JSON.stringify({ status: 429, code: 'rate-limited', message: 'Too many requests' }),
        {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '42' },
        },
      );
    if (found === 400 || found === 'refused')
      return new Response(
        JSON.stringify({
          status: 400,
          code: found === 400 ? 'validation' : 'parameter-missing',
          message: 'q',
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      );
    const page = Number(url.searchParams.get('page'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    const body = {
      items: found.slice((page - 1) * pageSize, page * pageSize),
      page,
      pageSize,
      total: found.length,
      suggestion: suggest(url.searchParams.get('q') ?? ''),
    };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  const sdk = createSdk({ baseUrl: 'http://shop.test', storage: null, fetch, retries: 0 });
  return { sdk, asked, data: createShopData(sdk, company, config) };
}

function Shell() {
  return (
    <>
      <SearchForm />
      <RouteFocus />
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}

function ProductStub() {
  return <h1>Produktseite</h1>;
}

/** The search route and a product route under a layout with the header's form, as the app has them. */
export function renderShop(path: string, api = fakeApi()) {
  const reporter = createErrorReporter([]);
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ({ tree }),
        Component: Shell,
        children: [
          { path: 'suche', loader: searchLoader(api.data), Component: SearchPage },
          { path: ':alias', Component: ProductStub },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders value={{ sdk: api.sdk, data: api.data, config, reporter }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, api };
}
