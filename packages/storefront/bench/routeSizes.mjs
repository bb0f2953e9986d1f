// Initial JavaScript per route from the client build manifest: the entry chunk, the route's page chunk and
// every chunk they import statically (what the browser must load before the page is interactive). Lazy chunks
// (widget, editor) are excluded: they load after hydration or on demand.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const CLIENT_ENTRY = 'src/entry-client.tsx';
/** DESIGN 7: storefront initial JS per route with React, gzip. */
export const BUDGET_KB = 105;

/** Which page module each route loads (src/routes/createRoutes.tsx): every page of the route table. */
export const ROUTE_PAGES = {
  '/': 'src/pages/HomePage.tsx',
  '/number-banner': 'src/pages/NumberBannerPage.tsx',
  '/kategorie/:idOrName': 'src/pages/CategoryPage.tsx',
  '/catalog': 'src/pages/CatalogPage.tsx',
  '/kennzeichen': 'src/pages/ProductListPage.tsx',
  '/:alias (product)': 'src/pages/ProductPage.tsx',
  '/:alias/configurator': 'src/pages/ConfiguratorPage.tsx',
  '/kennzeichenhalter-bedrucken': 'src/pages/PrintingPage.tsx',
  '/blog': 'src/pages/BlogPage.tsx',
  '/impressum (information)': 'src/pages/ArticlePage.tsx',
  '/vertrag-widerrufen': 'src/pages/WithdrawalPage.tsx',
  '/cart': 'src/pages/CartPage.tsx',
  '/404': 'src/pages/NotFoundPage.tsx',
  '/cart/checkout': 'src/pages/CheckoutPage.tsx',
  '/wait-for-confirmation': 'src/pages/WaitForConfirmationPage.tsx',
  '/thank-you/:headerGuid': 'src/pages/ThankYouPage.tsx',
  '/cancel-order': 'src/pages/CancelOrderPage.tsx',
  '/account/login': 'src/pages/LoginPage.tsx',
  '/account/password': 'src/pages/PasswordPage.tsx',
  '/account/register': 'src/pages/RegisterPage.tsx',
  '/account/confirm': 'src/pages/ConfirmEmailPage.tsx',
  '/account': 'src/pages/AccountPage.tsx',
  '/wishlist': 'src/pages/WishlistPage.tsx',
  '/suche': 'src/pages/SearchPage.tsx',
};

/** The framework chunk (React, React DOM with its scheduler, React Router) is named by vite.config.ts. */
const isFramework = (file) => /(^|\/)framework-[^/]+\.js$/.test(file);

export function measureRoutes(distDir) {
  const clientDir = join(distDir, 'client');
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8'));
  const sizes = new Map();
  const gzipOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length);
    return sizes.get(file);
  };
  const collect = (key, files) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const child of chunk.imports ?? []) collect(child, files);
  };
  return Object.entries(ROUTE_PAGES).map(([route, page]) => {
    const files = new Set();
    collect(CLIENT_ENTRY, files);
    collect(page, files);
    const js = [...files].filter((file) => file.endsWith('.js'));
    const total = js.reduce((sum, file) => sum + gzipOf(file), 0);
    const framework = js.filter(isFramework).reduce((sum, file) => sum + gzipOf(file), 0);
    return {
      route,
      files: js,
      totalKb: total / 1024,
      frameworkKb: framework / 1024,
      appKb: (total - framework) / 1024,
    };
  });
}
