import type { Product, ProductsPage } from '@lp/sdk/contract';
import { productSearchPath } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldSql, foldText, searchTerms, splitAlternatives } from '../src/catalogue/productSearch';
import type { Queryable } from '../src/db/Db';
import { type Api, call, expectError, makeApi } from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

const url = (q: string, extra = '') =>
  `${productSearchPath}?companyId=1001&q=${encodeURIComponent(q)}${extra}`;

async function search(q: string, extra = ''): Promise<ProductsPage<Product>> {
  const res = await call(api, 'GET', url(q, extra));
  expect(res.status, `${q}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
  return res.body as ProductsPage<Product>;
}
const names = (page: ProductsPage<Product>) => page.items.map((p) => p.Name);

describe('folding (the same spelling in the API and the database)', () => {
  it('folds case, umlauts, ß, ae/oe/ue, accents and signs', () => {
    expect(foldText('Fußball')).toBe(foldText('FUSSBALL'));
    expect(foldText('Fußball')).toBe(foldText('fussball'));
    expect(foldText('Grüße')).toBe(foldText('gruesse'));
    expect(foldText('Grüße')).toBe(foldText('grusse'));
    expect(foldText('KFZ-Kennzeichen')).toBe('kfzkennzeichen');
    expect(foldText('520 × 110 mm')).toBe('520x110mm');
    expect(foldText('Café')).toBe('cafe');
    expect(searchTerms('  Kfz-Kennzeichen  FUSSBALL kfz ')).toEqual(['kfz', 'kennzeichen', 'fussball']);
    expect(searchTerms('%_\\"\'')).toEqual([]);
  });

  it('the database folds a product text exactly as foldText does', async () => {
    const db = (api as unknown as { db: Queryable }).db;
    const texts = [
      'ÄÖÜäöüẞß Café × Ærger Über-GRÖSSE 520×110 ñ Ø',
      'Kennzeichenhalter Carbon-Optik schwarz 520 × 110 mm',
      'Fußballfan-Kennzeichen',
      'ÀÁÂÃÅÇÈÉÊËÌÍÎÏÑÒÓÔÕØÙÚÛÝŸ àáâãåçèéêëìíîïñòóôõøùúûýÿ',
      'QUELLE Steuer Boeing Israel %_\\ \'"; Привет 😀',
    ];
    for (const text of texts) {
      const [row] = await db.query<{ folded: string }>(`SELECT ${foldSql('$1::text')} AS folded`, [text]);
      expect(row?.folded, text).toBe(foldText(text));
    }
  });

  it('the stored search text (migration 030) of every product is its folded name, title and description', async () => {
    const db = (api as unknown as { db: Queryable }).db;
    const rows = await db.query<{ data: Product; search_text: string }>(
      'SELECT data, search_text FROM products',
    );
    expect(rows.length).toBeGreaterThan(50);
    const strip = (html: string) => html.replace(/<[^>]*>|&[#a-zA-Z0-9]+;/g, ' ');
    for (const { data, search_text } of rows)
      expect(search_text, data.UniqueId).toBe(
        [foldText(data.Name), foldText(data.Title ?? ''), foldText(strip(data.Description ?? ''))].join('|'),
      );
  });
});

describe('search-products', () => {
  it('finds a name in any letter case', async () => {
    const page = await search('kennzeichenhalter');
    expect(page.total).toBeGreaterThan(10);
    expect(names(page).every((n) => /kennzeichenhalter/i.test(n))).toBe(true);
    const upper = await search('KENNZEICHENHALTER');
    expect(upper.total).toBe(page.total);
  });

  it('"fussball", "Fußball" and "fußball" find the Fußballfan plate', async () => {
    for (const q of ['fussball', 'Fußball', 'FUSSBALL', 'fußball']) {
      expect(names(await search(q)), q).toContain('Fußballfan-Kennzeichen');
    }
  });

  it('every word must match (AND), in any order, hyphens and spaces alike', async () => {
    const carbon = await search('Kennzeichenhalter carbon');
    expect(carbon.total).toBeGreaterThan(0);
    expect(names(carbon).every((n) => /carbon/i.test(n))).toBe(true);
    expect((await search('carbon kennzeichenhalter')).total).toBe(carbon.total);
    const kfz = await search('kfz kennzeichen');
    expect(names(kfz)).toContain('Kfz-Kennzeichen');
    expect(names(await search('kfz-kennzeichen'))).toContain('Kfz-Kennzeichen');
    expect(names(await search('kfzkennzeichen'))).toContain('Kfz-Kennzeichen');
    expect((await search('carbon fussball')).total).toBe(0);
  });

  it('finds sizes as a shopper types them', async () => {
    const a = await search('520 x 110');
    const b = await search('520x110');
    expect(a.total).toBeGreaterThan(0);
    expect(b.total).toBe(a.total);
    expect(names(a).some((n) => n.includes('520 × 110'))).toBe(true);
  });

  it('ranks name matches before description matches, in catalogue order, and pages without overlap', async () => {
    // "klapperfrei" is only in holder descriptions; "Parkplatzschild" in names.
    const described = await search('klapperfrei');
    expect(described.total).toBeGreaterThan(0);
    expect(names(described).some((n) => /klapperfrei/i.test(n))).toBe(false);
    // "schild": names holding it come before products that hold it elsewhere only.
    const all = await search('schild', '&pageSize=100');
    const inName = all.items.map((p) => /schild/i.test(p.Name));
    const firstOther = inName.indexOf(false);
    if (firstOther >= 0) expect(inName.slice(firstOther).every((x) => !x)).toBe(true);
    const first = await search('kennzeichen', '&pageSize=5&page=1');
    const second = await search('kennzeichen', '&pageSize=5&page=2');
    expect(first.total).toBe(second.total);
    expect(first.page).toBe(1);
    expect(second.page).toBe(2);
    expect(first.pageSize).toBe(5);
    const ids = [...first.items, ...second.items].map((p) => p.UniqueId);
    expect(new Set(ids).size).toBe(10);
    const whole = await search('kennzeichen', '&pageSize=10');
    expect(whole.items.map((p) => p.UniqueId)).toEqual(ids);
    const past = await search('kennzeichen', '&page=999');
    expect(past.items).toEqual([]);
    expect(past.total).toBe(first.total);
  });

  it('never finds a product only in the hidden category, nor by the hidden category name', async () => {
    expect((await search('Grafikservice Druckvorlage')).total).toBe(0);
    expect((await search('druckvorlage')).items.map((p) => p.UniqueId)).not.toContain('INT-001');
    expect((await search('Intern')).items.map((p) => p.UniqueId)).not.toContain('INT-001');
  });

  it('finds products by the name of their category', async () => {
    // "Zubehör" is a category name; its products' names do not say it.
    for (const q of ['zubehör', 'Zubehoer', 'ZUBEHOR']) {
      const page = await search(q);
      expect(
        page.items.map((p) => p.UniqueId),
        q,
      ).toContain('ZUB-001');
    }
    // A category word and a name word together (AND across the two).
    const both = await search('zubehör schrauben');
    expect(names(both)).toContain('Kennzeichenschrauben-Set');
    expect(both.total).toBeLessThan((await search('zubehör')).total);
  });

  it('finds a shortened compound when the whole word finds nothing: "parkschild" finds "Parkplatzschild"', async () => {
    expect(splitAlternatives('parkschild')).toBe('parkschild;park,schild;parks,child;parksc,hild');
    expect(splitAlternatives('schilder')).toBe('schilder;schi,lder');
    expect(splitAlternatives('schild')).toBe('schild');
    const shortened = await search('parkschild');
    expect(names(shortened)).toContain('Parkplatzschild');
    expect((await search('Parkschild Firmenparkplatz')).items.map((p) => p.Name)).toContain(
      'Parkplatzschild Firmenparkplatz',
    );
    // Only as a second try: a word that finds something is not widened, and nonsense still finds nothing.
    const whole = await search('kennzeichenhalter');
    expect(names(whole).every((n) => /kennzeichenhalter/i.test(n))).toBe(true);
    expect((await search('xyzzyxyzzy')).total).toBe(0);
    expect((await search('parkschild', '&page=99')).total).toBe(shortened.total);
  });

  it('matches no markup of a description', async () => {
    // Every holder description holds <strong>, no text says "strong".
    expect((await search('strong')).total).toBe(0);
  });

  it('treats LIKE and regular-expression signs as text, never as wildcards', async () => {
    for (const q of [
      '%%',
      '__',
      '\\\\',
      '%a',
      'a%',
      '_e_',
      '.*',
      "' OR 1=1 --",
      '"; DROP TABLE products; --',
    ]) {
      const res = await call(api, 'GET', url(q));
      if (res.status === 200) {
        const page = res.body as ProductsPage<Product>;
        // "' OR 1=1 --" folds to the words "or", "11": nothing holds "11"... whatever holds them must show them.
        for (const product of page.items)
          expect(JSON.stringify(product).toLowerCase(), q).toMatch(/or|drop|table|products/);
      } else expectError(res, 400, 'validation');
    }
    // A search for a wildcard alone never lists the shop.
    for (const q of ['%', '%%', '_', '__', '\\', '*', '""', "''", '  ', '- -'])
      expectError(await call(api, 'GET', url(q)), 400, 'validation');
  });

  it('refuses hostile and malformed queries with 400 validation, never 500', async () => {
    // Without q: the API's wording for a missing parameter (spec 5).
    for (const path of [
      `${productSearchPath}?companyId=1001`,
      `${productSearchPath}?companyId=1001&q[]=kennzeichen`,
    ])
      expectError(await call(api, 'GET', path), 400, 'parameter-missing');
    const bad = [
      `${productSearchPath}?companyId=1001&q=`,
      url('a'),
      url('ä'),
      url('x'.repeat(101)),
      url('kenn\u0000zeichen'),
      url('kenn\u001bzeichen'),
      url('kenn\u007fzeichen'),
      `${productSearchPath}?companyId=1001&q=kennzeichen&q=halter`,
      `${productSearchPath}?companyId=abc&q=kennzeichen`,
      `${productSearchPath}?companyId=1001&q=kennzeichen&page=0`,
      `${productSearchPath}?companyId=1001&q=kennzeichen&pageSize=101`,
      `${productSearchPath}?companyId=1001&q=kennzeichen&page=1.5`,
    ];
    for (const path of bad) {
      const res = await call(api, 'GET', path);
      expect({ status: res.status, code: (res.body as { code?: string }).code }, path).toEqual({
        status: 400,
        code: 'validation',
      });
    }
    // A lone surrogate cannot come through a URL: its UTF-8 bytes decode to U+FFFD, a sign that folds away.
    expect(
      (await call(api, 'GET', `${productSearchPath}?companyId=1001&q=%ED%A0%80kennzeichen`)).status,
    ).toBe(200);
    // 100 characters are fine; an emoji is one character and folds away.
    expect((await call(api, 'GET', url(`kennzeichen ${'y'.repeat(88)}`))).status).toBe(200);
    expect((await search('kennzeichen 😀')).total).toBe((await search('kennzeichen')).total);
    // Unknown company: 404 as on getproducts.
    expectError(
      await call(api, 'GET', `${productSearchPath}?companyId=999999&q=kennzeichen`),
      404,
      'not-found',
    );
  });

  it('is routed case-insensitively like the other business paths', async () => {
    const res = await call(api, 'GET', url('kennzeichen').replace('search-products', 'Search-Products'));
    expect(res.status).toBe(200);
  });
});
