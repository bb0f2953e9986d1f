// The seed's texts: the info pages (articles) and every text a shopper reads. (Split from seedData.test.ts in
// session 22.)
import type { Article } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { seedData } from '../src/seed/data/index';
import { euro, slug } from '../src/seed/data/helpers';
import { allVariants, articles, products } from './support/seedCatalogue';

const INFO_PAGES = [
  'impressum',
  'datenschutz',
  'agb',
  'uber-uns',
  'zahlung-und-versand',
  'widerrufsrecht',
  'kontakt',
  'barrierefreiheit',
];
const LEGAL_PAGES = ['impressum', 'datenschutz', 'agb', 'widerrufsrecht', 'terms', 'barrierefreiheit'];
const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
function strings(value: unknown, path: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) strings(v, `${path}[${i}]`, out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) strings(v, `${path}.${k}`, out);
  }
  return out;
}

describe('articles', () => {
  const find = (alias: string) => articles.find((a) => a.Alias === alias);

  it('has a page for every information route and terms, legal ones marked as sample', () => {
    for (const alias of [...INFO_PAGES, 'terms']) expect(find(alias)?.Kind, alias).toBe('page');
    for (const a of articles.filter((x) => x.Kind === 'page')) {
      const legal = LEGAL_PAGES.includes(a.Alias);
      expect(a.IsSample, a.Alias).toBe(legal);
      if (legal) expect(text(a.Content).startsWith('Mustertext – keine Rechtsberatung.'), a.Alias).toBe(true);
    }
    expect(new Set(articles.map((a) => a.Alias)).size).toBe(articles.length);
  });

  it('shows contact data with hotline hours Mo-Fr 10-16, an email and +49 phone numbers', () => {
    const contact = text(find('kontakt')!.Content);
    expect(contact).toMatch(/Mo-Fr 10-16/);
    expect(contact).toMatch(/[a-z]+@[a-z0-9.-]+\.[a-z]{2,}/);
    expect(contact.match(/\+49 \d{9,14}/g)?.length).toBeGreaterThanOrEqual(1);
    expect(contact).toMatch(/\d{5} \S+/);
  });

  it('promises same-day shipping before 14:00 and the free-shipping minimum', () => {
    const page = text(find('zahlung-und-versand')!.Content);
    expect(page).toMatch(/14:00/);
    expect(page).toMatch(/50,00 €/);
  });

  it('has 3-4 blog posts, one naming the 10,20 € wish-plate fee', () => {
    const blog = articles.filter((a) => a.Kind === 'blog');
    expect(blog.length).toBeGreaterThanOrEqual(3);
    expect(blog.length).toBeLessThanOrEqual(4);
    expect(blog.some((a: Article) => text(a.Content).includes('10,20 €'))).toBe(true);
    for (const a of blog) expect(Number.isNaN(Date.parse(a.PublishedAt))).toBe(false);
  });
});

describe('texts', () => {
  it('has no empty string anywhere in the seed', () => {
    for (const [path, value] of strings(seedData, 'seed')) expect(value.trim(), path).not.toBe('');
  });

  it('uses only simple safe HTML in descriptions and article content', () => {
    const htmls = [
      ...products.map((p) => [p.UniqueId, p.Description] as const),
      ...allVariants.map((v) => [v.UniqueId, v.Description] as const),
      ...articles.map((a) => [a.Alias, a.Content] as const),
    ];
    for (const [id, html] of htmls) {
      expect(html, id).not.toMatch(/<\s*(script|iframe|style|object|embed|img)/i);
      expect(html, id).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html, id).not.toMatch(/javascript:/i);
      for (const [, tag] of html.matchAll(/<\/?([a-zA-Z0-9]+)/g)) {
        expect(['p', 'ul', 'li', 'strong', 'h2', 'a', 'br'], `${id}: <${tag}>`).toContain(tag);
      }
      for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href, id).toMatch(/^(\/|mailto:|tel:)/);
      expect(text(html).length, id).toBeGreaterThan(10);
    }
  });

  it('writes shopper texts in German (umlaut-aware slugs, German words)', () => {
    expect(slug('Zubehör für Kennzeichenhalter & Straße')).toBe('zubehoer-fuer-kennzeichenhalter-strasse');
    expect(slug('<script>alert(1)</script>')).toBe('script-alert-1-script');
    expect(euro(12.899999)).toBe(12.9);
    const german = /Kennzeichen|Schild|mit|für|und/;
    for (const p of products) expect(`${p.Title} ${text(p.Description)}`, p.UniqueId).toMatch(german);
  });
});
