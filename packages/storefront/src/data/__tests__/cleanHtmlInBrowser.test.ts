import { describe, expect, it } from 'vitest';
import { product } from '../../../__tests__/fixtures';
import { publicConfig, readConfig } from '../../config';
import { cleanHtmlInBrowser, readsApiDirectly, withBrowserCleaning } from '../cleanHtmlInBrowser';
import { createShopData } from '../shopData';
import type { ShopApi } from '../shopApi';

const HOSTILE =
  '<p onclick="x()">Hallo <a href="javascript:alert(1)">Link</a><script>alert(1)</script>' +
  '<img src=x onerror=alert(1)><iframe src="//evil.test"></iframe><a href=" JaVa\tscript:x">b</a><a href="\\\\evil.test">c</a></p>';

const fakeApi = (html: string): ShopApi => ({
  catalogue: {
    menu: async () => [],
    categoryTree: async () => [],
    products: async () => [product({ Description: html })],
    productByAlias: async () =>
      product({
        Description: html,
        Variants: [{ UniqueId: 'v', Title: 'V', Attributes: {}, Description: html }],
      }),
  },
  content: {
    articles: async () => [],
    page: async () => ({ Content: html, Title: 'T' }) as never,
  },
  shipping: { activeMethods: async () => [] },
});

describe('HTML cleaning in the browser (public API URL configured)', () => {
  it('removes scripts, handlers, frames and javascript: links, keeps the text and safe markup', () => {
    const clean = cleanHtmlInBrowser(HOSTILE);
    expect(clean).toContain('Hallo');
    expect(clean).not.toMatch(/script|onclick|onerror|iframe|evil/i);
    expect(cleanHtmlInBrowser('<h2 id="a">T</h2><a href="/agb" target="_blank">AGB</a>')).toBe(
      '<h2 id="a">T</h2><a href="/agb" target="_blank" rel="noopener noreferrer">AGB</a>',
    );
    expect(cleanHtmlInBrowser(undefined)).toBe('');
    expect(cleanHtmlInBrowser(42)).toBe('');
    expect(cleanHtmlInBrowser('<blink>x</blink>'.repeat(500))).toBe('x'.repeat(500));
  });

  it('cleans product descriptions (variants too) and article content read through the API', async () => {
    const api = withBrowserCleaning(fakeApi(HOSTILE));
    const one = await api.catalogue.productByAlias(1001, 'funschild');
    expect(one.Description).not.toMatch(/script|onerror/i);
    expect(one.Variants[0]?.Description).not.toMatch(/script|onerror/i);
    expect(JSON.stringify(await api.catalogue.products(1001))).not.toMatch(/<script|onerror/i);
    expect((await api.content.page('agb', 1001)).Content).not.toMatch(/<script|onerror/i);
  });

  it('applies only when the browser reads another origin directly', async () => {
    expect(readsApiDirectly('')).toBe(false);
    expect(readsApiDirectly(window.location.origin)).toBe(false);
    expect(readsApiDirectly('https://api.example.test')).toBe(true);
    const company = { UniqueId: 1001, Alias: 'lp-de', Name: 'Kennzeichen-Profi' };
    const direct = publicConfig(readConfig({ LP_PUBLIC_API_URL: 'https://api.example.test' }));
    const data = createShopData(fakeApi(HOSTILE), company, direct);
    expect((await data.product('funschild')).Description).not.toMatch(/<script|onerror/i);
    expect((await data.article('agb')).Content).not.toMatch(/<script|onerror/i);
  });
});
