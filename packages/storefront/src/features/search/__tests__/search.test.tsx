// Session 18: the shop's search. The header's form (a plain GET form that the router takes over), the results
// loader (query cleaning, pages, redirects, the API's 400), the results page and its head (title, noindex), and
// a query that is text, never markup.
import { configure, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { redirected } from '../../../../__tests__/loaderCalls';
import { setViewport } from '../../../../__tests__/renderWithShop';
import { computeHead, renderHeadHtml } from '../../../seo/pageHead';
import { type SearchData, cleanQuery, searchLoader } from '../searchLoader';
import { fakeApi, hits, renderShop } from './searchShop';

// Two shared cores: the router's loaders and lazy parts may take longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

const load = (data: ReturnType<typeof fakeApi>['data'], path: string) =>
  searchLoader(data)({ request: new Request(`http://shop.test${path}`) });

describe('the query', () => {
  it('is cleaned as the API takes it: control characters and lone surrogates out, spaces collapsed, 100 signs', () => {
    expect(cleanQuery('  kfz \t kennzeichen \n')).toBe('kfz kennzeichen');
    expect(cleanQuery('kenn\u0000zeichen\u001b[31m')).toBe('kenn zeichen [31m');
    expect(cleanQuery('a\ud800b')).toBe('a b');
    expect(cleanQuery('halter 😀')).toBe('halter 😀');
    // Session 19 (hostile): a right-to-left override reversed the heading's closing quote and what followed.
    expect(cleanQuery('\u202ekennzeichen\u2066 halter\u200f')).toBe('kennzeichen halter');
    expect(Array.from(cleanQuery('😀'.repeat(150)))).toHaveLength(100);
  });
});

describe('the results loader', () => {
  it('asks the API for the page of 48 with the cleaned query', async () => {
    const { data, asked } = fakeApi();
    const first = await load(data, '/suche?q=++Kennzeichenhalter++carbon');
    expect(first).toMatchObject({ query: 'Kennzeichenhalter carbon', total: 100, page: 1, pages: 3 });
    expect(first.products).toHaveLength(48);
    expect(asked[0]?.get('q')).toBe('Kennzeichenhalter carbon');
    expect(asked[0]?.get('pageSize')).toBe('48');
    expect(asked[0]?.get('companyId')).toBe('1001');
    const third = await load(data, '/suche?q=halter&seite=3');
    expect(third.products.map((p) => p.UniqueId)).toEqual(['H-97', 'H-98', 'H-99', 'H-100']);
  });

  it('keeps one spelling per page and keeps the query', async () => {
    const { data } = fakeApi();
    for (const [query, location] of [
      ['?q=halter&seite=1', '/suche?q=halter'],
      ['?q=halter&seite=0', '/suche?q=halter'],
      ['?q=halter&seite=abc', '/suche?q=halter'],
      ['?q=halter&seite=02', '/suche?q=halter&seite=2'],
      ['?q=halter&seite=4', '/suche?q=halter'],
    ])
      expect(await redirected(load(data, `/suche${query}`)), query).toBe(location);
  });

  it('asks nothing for an empty query or one without two letters or digits; the API’s 400 is the same hint', async () => {
    const { data, asked } = fakeApi();
    expect(await load(data, '/suche')).toMatchObject({ problem: 'empty', total: 0 });
    expect(await load(data, '/suche?q=+++')).toMatchObject({ problem: 'empty' });
    for (const q of ['a', '%', '%_', '"\'', '- ä'])
      expect(await load(data, `/suche?q=${encodeURIComponent(q)}`), q).toMatchObject({ problem: 'short' });
    expect(asked).toHaveLength(0);
    const refusing = fakeApi(() => 400);
    expect(await load(refusing.data, '/suche?q=ab')).toMatchObject({ problem: 'short', query: 'ab' });
    // Any other refusal is an error (the route's error page), never a silent "type more" over an empty page.
    const broken = fakeApi(() => 'refused');
    await expect(load(broken.data, '/suche?q=ab')).rejects.toMatchObject({ status: 400 });
  });

  it('asks the shopper to wait when the API limits their searches (session 20), not an error page', async () => {
    const limited = fakeApi(() => 429);
    expect(await load(limited.data, '/suche?q=kennzeichen')).toMatchObject({
      problem: 'busy',
      query: 'kennzeichen',
      total: 0,
    });
  });
});

describe('the results page', () => {
  it('shows the count, the cards, and pages that keep the query', async () => {
    renderShop('/suche?q=kfz+kennzeichen');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Suchergebnisse für „kfz kennzeichen“, Seite 1 von 3',
      }),
    ).toBeTruthy();
    expect(screen.getByText('100 Produkte')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nächste Seite' }).getAttribute('href')).toBe(
      '/suche?q=kfz+kennzeichen&seite=2',
    );
    // The header's field holds the query.
    expect((screen.getByRole('searchbox', { name: 'Produkt suchen' }) as HTMLInputElement).value).toBe(
      'kfz kennzeichen',
    );
  });

  it('says in German that there were too many searches when the API limits the shopper', async () => {
    renderShop(
      '/suche?q=kennzeichen',
      fakeApi(() => 429),
    );
    expect(
      await screen.findByText(
        'Zu viele Suchanfragen in kurzer Zeit. Bitte versuchen Sie es in einer Minute erneut.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Suchergebnisse für „kennzeichen“' })).toBeTruthy();
    expect(screen.queryByText(/nichts gefunden/)).toBeNull();
  });

  it('says so when nothing is found and offers the categories', async () => {
    renderShop(
      '/suche?q=xyzzy',
      fakeApi(() => []),
    );
    expect(await screen.findByText(/Zu „xyzzy“ haben wir leider nichts gefunden/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kennzeichenhalter' }).getAttribute('href')).toBe(
      '/kategorie/kennzeichenhalter',
    );
  });

  it('offers “Meinten Sie …?” when the API suggests a spelling, and the link searches for it', async () => {
    const { router } = renderShop(
      '/suche?q=kenzeichen',
      fakeApi(
        (q) => (q === 'kennzeichen' ? hits.slice(0, 3) : []),
        (q) => (q === 'kenzeichen' ? 'kennzeichen' : undefined),
      ),
    );
    expect(await screen.findByText(/Zu „kenzeichen“ haben wir leider nichts gefunden/)).toBeTruthy();
    const link = screen.getByRole('link', { name: '„kennzeichen“' });
    expect(link.getAttribute('href')).toBe('/suche?q=kennzeichen');
    expect(link.parentElement?.textContent).toBe('Meinten Sie „kennzeichen“?');
    // The categories stay as a way on.
    expect(screen.getByRole('link', { name: 'Kennzeichenhalter' })).toBeTruthy();
    fireEvent.click(link);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Suchergebnisse für „kennzeichen“' }),
    ).toBeTruthy();
    expect(router.state.location.search).toBe('?q=kennzeichen');
    expect(screen.getByText('3 Produkte')).toBeTruthy();
    expect(screen.queryByText(/Meinten Sie/)).toBeNull();
  });

  it('shows a suggestion above few results, as text, and none equal to the query', async () => {
    const evil = '<b>kennzeichen</b>';
    const data = await load(
      fakeApi(
        () => hits.slice(0, 1),
        () => evil,
      ).data,
      '/suche?q=kennzeichn',
    );
    expect(data.suggestion).toBe(evil);
    renderShop(
      '/suche?q=kennzeichn',
      fakeApi(
        () => hits.slice(0, 1),
        () => evil,
      ),
    );
    expect(await screen.findByText('1 Produkt')).toBeTruthy();
    expect(screen.getByRole('link', { name: `„${evil}“` }).getAttribute('href')).toBe(
      `/suche?${new URLSearchParams({ q: evil })}`,
    );
    expect(document.querySelector('main b')).toBeNull();
    const same = await load(
      fakeApi(
        () => [],
        (q) => q,
      ).data,
      '/suche?q=xyzzy',
    );
    expect(same.suggestion).toBeUndefined();
  });

  it('shows markup in a query as text', async () => {
    const evil = '<img src=x onerror=alert(1)>';
    renderShop(`/suche?q=${encodeURIComponent(evil)}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: /Suchergebnisse für „<img src=x/ }),
    ).toBeTruthy();
    expect(document.querySelector('main img[src="x"]')).toBeNull();
  });
});

describe('the header form', () => {
  it('is a labelled GET search form to /suche that works without script', async () => {
    setViewport(true);
    renderShop('/halter-1');
    const form = await screen.findByRole('search');
    expect(form.getAttribute('action')).toBe('/suche');
    expect(form.getAttribute('method')).toBe('get');
    const field = screen.getByRole('searchbox', { name: 'Produkt suchen' }) as HTMLInputElement;
    expect(field.name).toBe('q');
    expect(field.value).toBe('');
    expect(screen.getByRole('button', { name: 'Suchen' })).toBeTruthy();
  });

  it('with script, navigates to the results as a browser submit would, and focus goes to the heading', async () => {
    const { router } = renderShop('/halter-1');
    await screen.findByRole('heading', { name: 'Produktseite' });
    const field = screen.getByRole('searchbox', { name: 'Produkt suchen' });
    field.focus();
    fireEvent.change(field, { target: { value: 'kfz kennzeichen' } });
    fireEvent.submit(screen.getByRole('search'));
    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: /Suchergebnisse für „kfz kennzeichen“/ },
      { timeout: 5000 },
    );
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/suche?q=kfz+kennzeichen',
    );
    await expect.poll(() => document.activeElement, { timeout: 5000 }).toBe(heading);
    // Another query on the results page is another page: focus to its heading again.
    const again = screen.getByRole('searchbox', { name: 'Produkt suchen' });
    again.focus();
    fireEvent.change(again, { target: { value: 'fussball' } });
    fireEvent.submit(screen.getByRole('search'));
    const next = await screen.findByRole('heading', { level: 1, name: /„fussball“/ }, { timeout: 5000 });
    await expect.poll(() => document.activeElement, { timeout: 5000 }).toBe(next);
  });
});

describe('the head', () => {
  it('names the query in the title, escaped, keeps the page out of indexes and has no JSON-LD', () => {
    const data: SearchData = {
      query: '</title><script>x</script>',
      products: [],
      total: 0,
      page: 1,
      pages: 1,
    };
    const url = new URL(`https://shop.example/suche?q=${encodeURIComponent(data.query)}`);
    const head = computeHead([{ handle: { head: 'search' }, data, params: {} }], url);
    expect(head.title).toBe('Suchergebnisse für „</title><script>x</script>“ | Kennzeichen-Profi');
    expect(head.canonical).toBe('https://shop.example/suche');
    expect(head.jsonLd).toEqual([]);
    const html = renderHeadHtml(head);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toContain('<script>x');
    expect(html).not.toContain('og:');
    const paged = computeHead(
      [{ handle: { head: 'search' }, data: { ...data, query: 'halter', page: 2, pages: 3 }, params: {} }],
      new URL('https://shop.example/suche?q=halter&seite=2'),
    );
    expect(paged.title).toBe('Suchergebnisse für „halter“ – Seite 2 von 3 | Kennzeichen-Profi');
    const empty = computeHead(
      [{ handle: { head: 'search' }, data: { ...data, query: '', problem: 'empty' }, params: {} }],
      new URL('https://shop.example/suche'),
    );
    expect(renderHeadHtml(empty)).toContain('<meta name="robots" content="noindex">');
  });
});
