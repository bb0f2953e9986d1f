import type { Article, ArticleSummary, Product, ProductsPage } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanArticle, cleanHtml, cleanProduct } from '../src/content/cleanHtml';
import { seed } from '../src/seed/seed';
import type { SeedData } from '../src/seed/seedTypes';
import { type Api, makeApi } from './support/testApi';

/** Each hostile piece of markup of the review, beside markup a shop owner may use. */
const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src="x" onerror="alert(1)">',
  '<a href="javascript:alert(1)">j</a>',
  '<a href="JaVaScRiPt&#58;alert(1)">e</a>',
  '<a href=" java\tscript:alert(1)">t</a>',
  '<img src="//evil.example/pixel.png">',
  '<style>body{display:none}</style>',
  '<p style="position:fixed">s</p>',
  '<iframe src="https://evil.example/"></iframe>',
  '<svg onload="alert(1)"><circle r="1"></circle></svg>',
  '<form action="https://evil.example/"><input name="pw"></form>',
].join('');
const ALLOWED =
  '<h2 id="versand">Versand</h2><p>Text <a href="https://lp-de.example/hilfe" target="_blank" title="Hilfe">Hilfe</a></p>' +
  '<img src="https://lp-de.example/schild.png" alt="Schild" width="120" height="40" loading="lazy">';
const HOSTILE_HTML = `${ALLOWED}${HOSTILE}`;

/** What no answer may carry, whatever was stored. */
const UNSAFE = /<script|<style|<iframe|<svg|<form|<input|\son\w+=|style=|javascript|src="\/\//i;

function expectClean(html: string): void {
  expect(html).not.toMatch(UNSAFE);
  expect(html).toContain('<h2 id="versand">Versand</h2>');
  expect(html).toContain(
    '<a href="https://lp-de.example/hilfe" target="_blank" title="Hilfe" rel="noopener noreferrer">Hilfe</a>',
  );
  expect(html).toContain(
    '<img src="https://lp-de.example/schild.png" alt="Schild" width="120" height="40" loading="lazy" />',
  );
}

const COMPANY = 9001;
const product = (code: string, alias: string, description: unknown): Product => ({
  UniqueId: code,
  Alias: alias,
  Name: 'Schild',
  Title: 'Schild',
  Price: 9.9,
  Currency: 'EUR',
  BaseImages: [],
  Description: description as string,
  Categories: [],
  Attributes: {},
  Parameters: [],
  Variants: [{ UniqueId: `${code}-V1`, Title: 'Variante', Description: HOSTILE_HTML, Attributes: {} }],
  MinQuantity: 1,
});
const article = (alias: string, content: string): Article => ({
  Alias: alias,
  Title: 'Seite',
  Kind: 'blog',
  Excerpt: 'Kurztext',
  PublishedAt: '2026-01-01',
  IsSample: false,
  Content: content,
});

/** A second shop written through the seed (the API's only write path for catalogue and content rows). */
const hostileShop: SeedData = {
  company: { UniqueId: COMPANY, Alias: 'hostile-shop', Name: 'Hostile' },
  categories: [],
  products: [
    product('HOSTILE-001', 'boese', HOSTILE_HTML),
    product('HOSTILE-002', 'riesig', `<p>x</p><script>y</script><img src=a onerror=b>`.repeat(25_000)),
    product('HOSTILE-003', 'keine-zeichenkette', 42),
  ],
  articles: [article('boese-seite', HOSTILE_HTML)],
  shippingMethods: [],
  coupons: [],
  paymentTypes: [],
  discounts: [],
  customers: [],
  upsellOrder: [],
};

let api: Api;
let base: string;
beforeAll(async () => {
  api = await makeApi();
  expect(await seed(api.db, hostileShop)).toBe(true);
  base = await api.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => api.close());

async function get<T>(path: string): Promise<T> {
  const res = await fetch(`${base}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

const byAlias = (companyId: number, alias: string) =>
  get<Product>(`${paths.business.productByAlias}?companyId=${companyId}&alias=${alias}`);
const productsPage = (companyId: number) =>
  get<ProductsPage<Product>>(`${paths.business.products}?companyId=${companyId}&pageSize=1000`);
const page = (companyId: number, alias: string) =>
  get<Article>(`${paths.content.page}?alias=${alias}&companyId=${companyId}`);

describe('HTML from data is sanitised by the API, in every answer that carries it', () => {
  it('product and variant descriptions stored through the seed (by alias and in the product list)', async () => {
    const one = await byAlias(COMPANY, 'boese');
    expectClean(one.Description);
    expectClean(one.Variants[0]!.Description);
    const listed = (await productsPage(COMPANY)).items.find((p) => p.UniqueId === 'HOSTILE-001')!;
    expect(listed.Description).toBe(one.Description);
    expect(listed.Variants[0]!.Description).toBe(one.Variants[0]!.Description);
  });

  it('a page stored through the seed; the article list carries no HTML', async () => {
    expectClean((await page(COMPANY, 'boese-seite')).Content);
    const list = await get<ArticleSummary[]>(`${paths.content.articles}?companyId=${COMPANY}`);
    expect(list).toEqual([expect.objectContaining({ Alias: 'boese-seite', Excerpt: 'Kurztext' })]);
    expect(JSON.stringify(list)).not.toMatch(/</);
  });

  it('rows written before the API sanitised (raw HTML straight in the database), and again after an edit', async () => {
    const edit = (html: string) =>
      api.db.query(
        `UPDATE products SET data = jsonb_set(jsonb_set(data, '{Description}', to_jsonb($1::text)),
           '{Variants,0,Description}', to_jsonb($1::text)) WHERE company_id = 1001 AND alias = 'kfz-kennzeichen'`,
        [html],
      );
    await edit(HOSTILE_HTML);
    await api.db.query(
      `UPDATE articles SET data = jsonb_set(data, '{Content}', to_jsonb($1::text))
        WHERE company_id = 1001 AND alias = 'impressum'`,
      [HOSTILE_HTML],
    );
    const one = await byAlias(1001, 'kfz-kennzeichen');
    expectClean(one.Description);
    expectClean(one.Variants[0]!.Description);
    const listed = (await productsPage(1001)).items.find((p) => p.Alias === 'kfz-kennzeichen')!;
    expectClean(listed.Description);
    expectClean((await page(1001, 'impressum')).Content);
    // The memo is keyed by the stored text, so an edit is answered at once.
    await edit('<p>Neu<script>x</script></p>');
    expect((await byAlias(1001, 'kfz-kennzeichen')).Description).toBe('<p>Neu</p>');
  });

  it('huge and non-string descriptions', async () => {
    const huge = await byAlias(COMPANY, 'riesig');
    expect(huge.Description).toBe('<p>x</p><img src="a" />'.repeat(25_000));
    expect((await byAlias(COMPANY, 'keine-zeichenkette')).Description).toBe('');
  });

  it('leaves every seeded text readable: only markup changes, no words are lost', async () => {
    const text = (html: string) => html.replace(/<[^>]*>/g, '');
    const rows = await api.db.query<{ data: Product }>('SELECT data FROM products WHERE company_id = 1001');
    const raw = new Map(rows.map((r) => [r.data.UniqueId, r.data.Description]));
    const answered = (await productsPage(1001)).items.filter((p) => p.Alias !== 'kfz-kennzeichen');
    expect(answered.length).toBeGreaterThan(10);
    for (const p of answered) expect(text(p.Description), p.UniqueId).toBe(text(raw.get(p.UniqueId)!));
  });
});

describe('cleanHtml and its helpers', () => {
  it('turn wrong types and empty input into empty HTML', () => {
    for (const value of [undefined, null, 42, {}, [], '', true]) expect(cleanHtml(value)).toBe('');
    const odd = { Description: null, Variants: 'x' } as unknown as Product;
    expect(cleanProduct(odd)).toEqual({ Description: '', Variants: 'x' });
    const variants = [null, 7, { Description: '<b onclick="x">b</b>' }] as unknown as Product['Variants'];
    expect(cleanProduct({ Variants: variants } as Product).Variants).toEqual([
      null,
      7,
      { Description: '<b>b</b>' },
    ]);
    expect(cleanArticle({ Content: 5 } as unknown as Article)).toEqual({ Content: '' });
  });

  it('answers the same for the same text, memoised or not', () => {
    const first = cleanHtml(HOSTILE_HTML);
    expectClean(first);
    expect(cleanHtml(HOSTILE_HTML)).toBe(first);
    // Cleaning is idempotent, so cleaning cleaned HTML changes nothing.
    expect(cleanHtml(first)).toBe(first);
  });
});
