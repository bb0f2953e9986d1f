import type { ArticleSummary, Category } from '@lp/sdk/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, publicConfig } from '../src/config';
import type { ShopData } from '../src/data/shopData';
import { createRoutes } from '../src/routes/createRoutes';
import { GuardedContent } from '../src/routes/GuardedContent';
import { enforceRouteGuard, routeGuardState, shopIsIndexable } from '../src/routes/routeGuard';
import { sitemapEntries } from '../src/routes/sitemap';
import { product } from './fixtures';

describe('route guard (spec 2)', () => {
  const released = { release: true, routesDisabled: false };

  it('sends every route but /404 to /404 while the release flag is off', () => {
    const unreleased = { release: false, routesDisabled: false };
    for (const path of ['/', '/cart', '/kfz-kennzeichen', '/404/x', ''])
      expect(routeGuardState(unreleased, path), path).toBe('unreleased');
    expect(routeGuardState(unreleased, '/404')).toBe('open');
    expect(shopIsIndexable(unreleased)).toBe(false);
    expect(shopIsIndexable(released)).toBe(true);
    let thrown: unknown;
    try {
      enforceRouteGuard(unreleased, '/cart');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('/404');
  });

  it("shows 'Bitte warten!' instead of the page while routes are disabled", () => {
    expect(enforceRouteGuard(released, '/cart')).toEqual({ disabled: false });
    expect(enforceRouteGuard({ ...released, routesDisabled: true }, '/cart')).toEqual({ disabled: true });
    const { rerender } = render(
      <GuardedContent disabled>
        <p>Warenkorb</p>
      </GuardedContent>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Bitte warten!');
    expect(screen.queryByText('Warenkorb')).toBeNull();
    rerender(
      <GuardedContent disabled={false}>
        <p>Warenkorb</p>
      </GuardedContent>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Warenkorb')).toBeTruthy();
  });
});

describe('sitemap from the route table', () => {
  const category = (Alias: string, Children: Category[] = []) =>
    ({ UniqueId: Alias.length, Name: Alias, Alias, Children }) as unknown as Category;
  const article = (Alias: string, Kind: string, PublishedAt?: string) =>
    ({ Alias, Kind, Title: Alias, PublishedAt }) as unknown as ArticleSummary;
  // The three reads the route table's sitemap sources use; the real API answers them in e2e/storefront/ssr.test.ts.
  const data = {
    tree: async () => [
      category('kennzeichen', [category('saison kennzeichen')]),
      category('zubehoer'),
      category('kennzeichenhalter-bedruckt'),
    ],
    products: async () => [product({ Alias: 'kfz-kennzeichen' }), product({ Alias: 'funschild' })],
    articles: async () => [
      article('impressum', 'page', '2026-02-01T10:00:00Z'),
      article('terms', 'page'),
      article('kennzeichen-reservieren', 'blog', '2026-03-04T08:00:00Z'),
      article('not-an-info-page', 'page'),
    ],
  } as unknown as ShopData;
  /** The main category of the tree above (a category's id is its alias's length here). */
  const MAIN = 'kennzeichen'.length;

  it('lists the fixed pages, every category, product and article once, with encoded paths', async () => {
    const entries = await sitemapEntries(
      createRoutes({ data, config: publicConfig(DEFAULT_CONFIG) }),
      data,
      MAIN,
    );
    const paths = entries.map((entry) => entry.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/catalog',
        '/kennzeichen',
        '/funschild',
        '/parkplatzschild',
        '/ooono',
        '/kennzeichenhalter-bedrucken',
        '/blog',
        '/kategorie/zubehoer',
        '/kennzeichen/saison%20kennzeichen',
        '/kfz-kennzeichen',
        '/impressum',
        '/site/terms',
        '/blog/kennzeichen-reservieren',
      ]),
    );
    expect(new Set(paths).size).toBe(paths.length);
    expect(entries.find((entry) => entry.path === '/impressum')?.lastmod).toBe('2026-02-01');
    // Shopping-state pages, info pages without an article and unknown articles stay out.
    for (const hidden of [
      '/cart',
      '/cart/checkout',
      '/account',
      '/wishlist',
      '/404',
      '/agb',
      '/not-an-info-page',
      // Categories with a page of their own are listed under that page (one listing, one address).
      '/kategorie/kennzeichen',
      '/kategorie/saison%20kennzeichen',
      '/kategorie/kennzeichenhalter-bedruckt',
    ])
      expect(paths, hidden).not.toContain(hidden);
  });

  it('propagates a failed read instead of answering a partial sitemap', async () => {
    const broken = { ...data, products: async () => Promise.reject(new Error('API down')) } as ShopData;
    await expect(
      sitemapEntries(createRoutes({ data: broken, config: publicConfig(DEFAULT_CONFIG) }), broken, MAIN),
    ).rejects.toThrow('API down');
  });
});
