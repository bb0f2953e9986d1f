// Session 21 (phone): what a screen reader says after a search. The results heading takes focus (session 18) and is
// described by the count line, so the count is said with it; the same search sent again moves focus there again.
import { createSdk } from '@lp/sdk';
import type { Product } from '@lp/sdk/contract';
import { configure, fireEvent, render, screen } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { holder } from '../../../../__tests__/fixtures';
import { AppProviders } from '../../../app/AppProviders';
import { RouteFocus } from '../../../chrome/RouteFocus';
import { publicConfig, readConfig } from '../../../config';
import { createShopData } from '../../../data/shopData';
import { createErrorReporter } from '../../../errors/errorReporter';
import { Component as SearchPage } from '../../../pages/SearchPage';
import { SearchForm } from '../SearchForm';
import { searchLoader } from '../searchLoader';

configure({ asyncUtilTimeout: 5000 });

const config = publicConfig(readConfig({}));
const company = { UniqueId: 1001, Alias: 'lp-de', Name: 'Kennzeichen-Profi' };
const hits = (n: number): Product[] =>
  Array.from({ length: n }, (_, i) =>
    holder({ UniqueId: `H-${i + 1}`, Alias: `halter-${i + 1}`, Name: `Kennzeichenhalter ${i + 1}` }),
  );
/** How many products each query finds. */
const FOUND: Record<string, number> = { halter: 3, fussball: 1, xyzzy: 0 };

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
const ProductStub = () => <h1>Produktseite</h1>;
const Nothing = () => null;

function renderShop(path: string) {
  const asked: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const q = url.searchParams.get('q') ?? '';
    asked.push(q);
    const items = hits(FOUND[q] ?? 0);
    const body = { items, page: 1, pageSize: 48, total: items.length };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  const sdk = createSdk({ baseUrl: 'http://shop.test', storage: null, fetch, retries: 0 });
  const data = createShopData(sdk, company, config);
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ({ tree: [] }),
        Component: Shell,
        HydrateFallback: Nothing,
        children: [
          { path: 'suche', loader: searchLoader(data), Component: SearchPage },
          { path: ':alias', Component: ProductStub },
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
  return { router, asked };
}

function search(text: string) {
  const field = screen.getByRole('searchbox', { name: 'Produkt suchen' });
  field.focus();
  fireEvent.change(field, { target: { value: text } });
  fireEvent.submit(screen.getByRole('search'));
}

/** The focused element's accessible description as a screen reader builds it from aria-describedby. */
const description = (element: Element | null) =>
  (element?.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

describe('a search with a screen reader', () => {
  it('focuses the results heading, described by the count or by why nothing was found', async () => {
    renderShop('/halter-1');
    await screen.findByRole('heading', { name: 'Produktseite' });
    search('halter');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Suchergebnisse für „halter“' });
    await expect.poll(() => document.activeElement).toBe(heading);
    expect(description(document.activeElement)).toBe('3 Produkte');

    search('fussball');
    const one = await screen.findByRole('heading', { level: 1, name: 'Suchergebnisse für „fussball“' });
    await expect.poll(() => document.activeElement).toBe(one);
    expect(description(one)).toBe('1 Produkt');

    search('xyzzy');
    const none = await screen.findByRole('heading', { level: 1, name: 'Suchergebnisse für „xyzzy“' });
    await expect.poll(() => document.activeElement).toBe(none);
    expect(description(none)).toBe(
      'Zu „xyzzy“ haben wir leider nichts gefunden. Prüfen Sie die Schreibweise oder versuchen Sie ein anderes Wort.',
    );
  });

  it('the same search sent again searches and moves focus to the heading again', async () => {
    const { asked } = renderShop('/suche?q=halter');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Suchergebnisse für „halter“' });
    expect(asked).toEqual(['halter']);
    search('halter');
    await expect.poll(() => asked.length).toBe(2);
    await expect.poll(() => document.activeElement).toBe(heading);
    expect(description(heading)).toBe('3 Produkte');
  });
});
