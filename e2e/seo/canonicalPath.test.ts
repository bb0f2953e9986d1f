// The canonical link's path for spellings the seed catalogue does not have (escapes, reserved characters): it must
// be the path sitemap.xml lists (React Router's generatePath encodes each parameter as encodeURIComponent does,
// routes/sitemap.ts), or a crawler sees two URLs for one page.
import { describe, expect, it } from 'vitest';
import { computeHead } from '../../packages/storefront/src/seo/pageHead';

const origin = 'https://shop.example';

describe('canonical path', () => {
  it('lower-cases and trims the requested path but keeps its percent-escapes as they are', () => {
    expect(computeHead([], new URL(`${origin}/Blog/%C3%9Cber-Uns/?a=1`)).canonical).toBe(
      `${origin}/blog/%C3%9Cber-uns`,
    );
    expect(computeHead([], new URL(`${origin}//`)).canonical).toBe(`${origin}/`);
  });

  it('names a category or product by its alias, encoded as in the sitemap', () => {
    const alias = 'Rahmen & Halter ü';
    const category = computeHead(
      [{ handle: { head: 'category' }, data: { category: { Name: 'X', Alias: alias } }, params: {} }],
      new URL(`${origin}/kategorie/1737374402`),
    );
    expect(category.canonical).toBe(`${origin}/kategorie/Rahmen%20%26%20Halter%20%C3%BC`);
    const product = computeHead(
      [{ handle: { head: 'configurator' }, data: { product: { Name: 'X', Alias: alias } }, params: {} }],
      new URL(`${origin}/X/configurator`),
    );
    expect(product.canonical).toBe(`${origin}/Rahmen%20%26%20Halter%20%C3%BC/configurator`);
  });
});
