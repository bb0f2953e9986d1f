import { describe, expect, it } from 'vitest';
import type { RouteHandle } from '../src/routes/routeHandle';
import { applyHead, computeHead, renderHeadHtml } from '../src/seo/pageHead';
import { product } from './fixtures';

describe('page head (spec 2)', () => {
  it('takes title and description from the deepest route with head data', () => {
    const head = computeHead(
      [
        { handle: { head: 'blog' }, params: {} },
        { handle: { head: 'list' }, data: { title: 'Seite7', intro: 'Über Seite' }, params: {} },
        { handle: {}, params: {} },
      ],
      new URL('https://shop.example/a'),
    );
    expect(head.title).toBe('Seite7 | Kennzeichen-Profi');
    expect(head.description).toBe('Über Seite');
  });

  it('makes one canonical without the query and marks query URLs nofollow', () => {
    const withQuery = computeHead([], new URL('https://shop.example/agb?utm=1'));
    expect(withQuery).toMatchObject({ canonical: 'https://shop.example/agb', nofollow: true });
    expect(computeHead([], new URL('https://shop.example/agb?')).nofollow).toBe(false);
    expect(computeHead([], new URL('https://shop.example/agb'), 'https://www.shop.de').canonical).toBe(
      'https://www.shop.de/agb',
    );
  });

  it('keeps the defaults when a route has no data (error page)', () => {
    // The article head reads the loader's article, which an error page does not have.
    const broken: RouteHandle = { head: 'article' };
    expect(computeHead([{ handle: broken, params: {} }], new URL('https://s.example/x')).title).toBe(
      'Kennzeichen-Profi',
    );
  });

  it('escapes hostile titles in the server HTML', () => {
    const html = renderHeadHtml({
      title: '</title><script>x</script>',
      description: '"><img onerror=x>',
      canonical: 'https://s.example/"x',
      nofollow: false,
      jsonLd: [{ name: '</script><script>alert(1)</script>' }],
      openGraph: 'website',
    });
    expect(html).toContain(
      '<meta property="og:title" content="&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;">',
    );
    expect(html).not.toContain('<script>x');
    expect(html).not.toContain('"><img');
    expect(html).not.toContain('</script><script>alert');
  });

  it('applies a navigation to document.head: one canonical, robots added and removed, JSON-LD replaced', () => {
    document.head.innerHTML =
      '<link rel="canonical" href="/a"><link rel="canonical" href="/b"><script type="application/ld+json" data-lp-head>{}</script>';
    applyHead(document, {
      title: 'T',
      description: 'D',
      canonical: 'https://s/x',
      nofollow: true,
      jsonLd: [{ a: 1 }, { b: 2 }],
    });
    expect(document.title).toBe('T');
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://s/x');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('nofollow');
    expect(document.head.querySelectorAll('script[data-lp-head]')).toHaveLength(2);
    applyHead(document, {
      title: 'T2',
      description: 'D2',
      canonical: 'https://s/y',
      nofollow: false,
      jsonLd: [],
    });
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    expect(document.head.querySelectorAll('script[data-lp-head]')).toHaveLength(0);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('D2');
  });

  it("gives a product page Product JSON-LD, its picture for link previews and the picture's preload", () => {
    const url = new URL('https://shop.example/funschild');
    const match = (data: unknown) => [{ handle: { head: 'product' }, data, params: {} }];
    const head = computeHead(match({ product: product(), upsell: [], discounts: [] }), url);
    expect(head.title).toBe('Funschild mit Wunschtext | Kennzeichen-Profi');
    expect(head.jsonLd[0]).toMatchObject({ '@type': 'Product', name: 'Funschild mit Wunschtext' });
    expect(head.image).toMatchObject({
      url: 'https://shop.example/images/products/fkz-001.png',
      width: 1200,
    });
    expect(head.image?.alt).toContain('Funschild');
    expect(head.preloadImage).toBe('/images/products/fkz-001.svg');
    // A first picture carried in the page's HTML needs no preload.
    const inline = {
      product: product(),
      upsell: [],
      discounts: [],
      picture: { src: '/images/products/fkz-001.svg', data: 'data:,' },
    };
    expect(computeHead(match(inline), url).preloadImage).toBeUndefined();
  });

  it('gives every page shoppers share Open Graph tags from its head, and the shopper’s own pages none', () => {
    const url = new URL('https://shop.example/impressum?utm_source=x');
    const og = (html: string) =>
      Object.fromEntries(
        [...html.matchAll(/<meta property="(og:[^"]+)" content="([^"]*)">/g)].map((m) => [m[1], m[2]]),
      );
    const article = computeHead(
      [
        {
          handle: { head: 'article' },
          data: { article: { Title: 'Impressum', Excerpt: 'Wer wir sind & wo.' } },
          params: {},
        },
      ],
      url,
    );
    expect(og(renderHeadHtml(article))).toEqual({
      'og:type': 'website',
      'og:site_name': 'Kennzeichen-Profi',
      'og:locale': 'de_DE',
      'og:title': 'Impressum | Kennzeichen-Profi',
      'og:description': 'Wer wir sind &amp; wo.',
      'og:url': 'https://shop.example/impressum',
    });
    const home = computeHead(
      [
        {
          handle: { head: 'home' },
          data: { rootPrice: 15.9, freeShippingFrom: 0, products: [] },
          params: {},
        },
      ],
      new URL('https://shop.example/'),
    );
    expect(og(renderHeadHtml(home))).toMatchObject({
      'og:type': 'website',
      'og:url': 'https://shop.example/',
    });
    for (const head of ['category', 'blog'] as const) {
      const data = { category: { Name: 'Zubehör', Alias: 'zubehoer', UniqueId: 1 }, tree: [], products: [] };
      const html = renderHeadHtml(computeHead([{ handle: { head }, data, params: {} }], url));
      expect(og(html)['og:type'], head).toBe('website');
    }
    // A product page keeps its richer tags: type product and its picture.
    const productPage = computeHead(
      [{ handle: { head: 'product' }, data: { product: product(), upsell: [], discounts: [] }, params: {} }],
      new URL('https://shop.example/funschild'),
    );
    expect(og(renderHeadHtml(productPage))).toMatchObject({
      'og:type': 'product',
      'og:site_name': 'Kennzeichen-Profi',
      'og:locale': 'de_DE',
      'og:image': 'https://shop.example/images/products/fkz-001.png',
      'og:image:width': '1200',
    });
    for (const head of ['cart', 'checkout', 'account', 'thankYou', 'notFound', 'numberBanner'] as const) {
      const html = renderHeadHtml(computeHead([{ handle: { head }, params: {} }], url));
      expect(og(html), head).toEqual({});
    }
  });

  it('replaces a product’s link-preview tags with the next page’s after a client navigation', () => {
    document.head.innerHTML =
      '<meta property="og:type" content="product"><meta property="og:image" content="https://s/p.png">';
    applyHead(document, {
      title: 'Zubehör | Kennzeichen-Profi',
      description: 'Zubehör <online> kaufen.',
      canonical: 'https://s/kategorie/zubehoer',
      nofollow: false,
      jsonLd: [],
      openGraph: 'website',
    });
    const tags = [...document.head.querySelectorAll('meta[property^="og:"]')].map((meta) => [
      meta.getAttribute('property'),
      meta.getAttribute('content'),
    ]);
    expect(tags).toEqual([
      ['og:type', 'website'],
      ['og:site_name', 'Kennzeichen-Profi'],
      ['og:locale', 'de_DE'],
      ['og:title', 'Zubehör | Kennzeichen-Profi'],
      ['og:description', 'Zubehör <online> kaufen.'],
      ['og:url', 'https://s/kategorie/zubehoer'],
    ]);
  });
});
