import type { SitemapEntry } from '../src/renderTypes';

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** sitemap.xml from the catalogue: static pages, categories, products, information pages and blog posts. */
export function renderSitemap(origin: string, entries: SitemapEntry[]): string {
  const urls = entries
    .map(
      (entry) =>
        `<url><loc>${xml(origin + entry.path)}</loc>${entry.lastmod ? `<lastmod>${xml(entry.lastmod)}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** robots.txt: shopping-state pages stay out of the index; everything is disallowed while unreleased. */
export function renderRobots(origin: string, released: boolean): string {
  if (!released) return 'User-agent: *\nDisallow: /\n';
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /cart',
    'Disallow: /wishlist',
    'Disallow: /account/',
    'Disallow: /thank-you/',
    'Disallow: /wait-for-confirmation',
    'Disallow: /cancel-order',
    'Disallow: /api/',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
