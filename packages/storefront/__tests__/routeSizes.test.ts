// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_KB, ROUTE_PAGES, type RouteSize, measureRoutes } from '../bench/routeSizes.mjs';

const packageDir = join(import.meta.dirname, '..');
const distDir = join(packageDir, 'dist');
let rows: RouteSize[];

beforeAll(() => {
  if (!existsSync(join(distDir, 'client', '.vite', 'manifest.json'))) {
    const build = spawnSync('pnpm', ['run', 'build'], { cwd: packageDir, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('storefront build failed');
  }
  rows = measureRoutes(distDir);
}, 120_000);

// Regression guards at the figures reached with React in the browser (plus a small margin), not at the goal: DESIGN 7
// asks for 105 KB per route (BUDGET_KB, reported by `pnpm --filter @lp/storefront bench`). Measured with React 19:
// every route 112.4-117.0 KB (before selective hydration of the chrome: 114.7-119.1; binding cart and elements through
// @lp/react added 1.5 KB), the framework chunk 94.2 KB (React DOM ~61 KB, React Router ~29 KB),
// docs/reference/benchmarks.md. Lower these figures when the code gets leaner.
// Session 5 (issues 12 and 13): the product page embeds the plate generator slot, the variant picker, the quantity
// discount table and its add-to-cart code (121.8 KB, app 27.6 KB); home 117.8 KB (product cards with pictures and
// their add button, the header's promises and account links).
// Session 6 (issue 10 follow-up): the entry's static imports in one chunk (vite.config.ts), the desktop bar in the
// late chrome, the widget slots and the product grids below the first screen hydrating from their own chunks, the
// error reports' API sink on first use: every route 111.7-117.1 KB, app 17.4-22.9 KB (product the largest).
// Session 7: the cart guid's cookie mirror in the entry (the server renders the cart page, +0.3 KB on every route)
// and the cart route's loader and server-rendered body: every route 112.1-117.6 KB, app 17.9-23.4 KB.
// Session 8: the route loaders from a chunk of their own (the browser hydrates from the server's loader data), the
// product's JSON-LD and link-preview picture built by the head code: every route 110.7-116.1 KB, app 16.5-21.9 KB.
// Then the SDK's core in the entry (@lp/sdk/compose), checkout, orders, content and the image upload made by the
// pages that use them, in their chunks; @lp/react's context instead of its provider, which refers to createSdk:
// every route 109.5-115.0 KB, app 15.3-20.7 KB.
// Session 9: icons as one SVG sprite file (<use href>), the route heads' titles and the sitemap sources out of the
// browser's route table, the grid's and the slots' wrappers in one chunk, the product form's toast store on use:
// every route 108.2-113.4 KB, app 14.0-19.2 KB.
// Session 14: every page of the route table is measured (the 12 above were; checkout, the order pages, account and
// wish list were not, and checkout was 120.1 KB). The checkout form loads beside the page instead of with it
// (111.8 KB). Each route is guarded at its own reached figure plus 0.15 KB, so one route cannot grow into another's
// headroom.
// Session 15: the accessibility statement's route (BFSG), the menu's disclosure state, the delivery time from the
// root loader, holder pictures' alt text naming the size once: every route +0.00 to +0.15 KB (product 113.77,
// /account 114.44 KB); the app part of /account 20.19 -> 20.22 KB. The table and the app guard follow at the figures
// reached in session 15 plus the same margin.
// Session 16: two routes (`/account/password`, `/vertrag-widerrufen`: their lines in the route table and Vite's
// preload lists, +0.14 KB on every route), the login's "Passwort vergessen?", the thank-you page's VAT line (+0.07);
// /account 114.62 KB, its app part 20.40 KB. The table and the app guard follow at the reached figures plus the margin.
// Session 17: listings of a large catalogue in pages of 48 (a shared pagination chunk, +0.34-0.36 KB on the category,
// plates and printing routes), the wish list reading only its own products (+0.18 KB), the checkout's address
// addition (+0.01 on checkout and thank-you); the others within +0.09 KB. The table follows at the reached figures.
// Session 18: the header's search (its route, `/suche`, in the route table and Vite's preload lists, and the deferred
// form's wrapper: +0.09-0.10 KB on every route), the listings' page links keeping a query (+0.03 on the three
// paginated listings), the page-data read of client navigations (+0.02), the shipment in the account's order list
// (+0.17 on /account, its app part 20.73 KB), the review window's total (+0.01 on checkout); then "Sortieren nach"
// above the paginated listings and the search results (+0.24-0.26 KB: the form's markup, which React must hydrate;
// a lazily hydrated part measured +0.26 and a request more). The table and the app guard follow at the reached
// figures plus the margin.
// Session 20: /account's logged-in view (who, 'Abmelden', the orders and the new account settings) loads from a chunk
// of its own while the page asks who is logged in, the settings from one more: /account 114.95 -> 109.89 KB, its app
// part 15.67 KB; the settings' four routes are outside `accountPaths` and the login's service. The new lazily loaded
// chunks (the account view, its settings, the checkout's saved addresses and invoice references) each add their file to
// Vite's preload map in the entry: +0.03-0.04 KB on every route (/thank-you 113.04). The table follows at the reached
// figures; the app guard comes down to the largest app part now, the product page's 19.88 KB, plus the margin.
// Session 22: the SDK answers a plain-JavaScript caller's wrong values with an LpError (getCart(null), a lone surrogate
// in a path, discounts' cache key of checked values: +0.06 KB on every route, the SDK's own bundles -3 / +3 B), the
// withdrawal form sends the text the screen showed (asOneLine, +0.09 on /vertrag-widerrufen); session 21's sort
// status had grown the listings and /suche by 0.07-0.09 KB without a line here. The table follows at the reached
// figures.
// Session 23: a page of the previous build loads once in full when a release removed the chunk it needs
// (errors/releaseReload.ts from the route error page, the entry and Vite's preload-error event; the SDK's checks of
// a plain-JavaScript caller's signal and query): +0.09-0.11 KB on every route. The table and the app guard (the
// product page's 20.05 KB plus the margin) follow at the reached figures.
// Session 24 (withdrawpick): the withdrawal form opened for an order (`?bestellung=<headerGuid>`) reads the order and
// offers its lines; the picker, the order's reading and the summary load from a chunk of their own
// (features/withdrawal/orderLinesPart.tsx), only the hook that loads it, the form's state for the lines and Vite's
// preload list stay in the page: /vertrag-widerrufen 111.72 -> 112.41 KB. The account's and the order page's link is
// in their lazily loaded order parts.
// Session 24 (withdrawfixui): the page drops `?bestellung=` from the address (router state instead), the form sends a
// refused proof again as text and says so, a live region for the order's note; the texts and the resending live in
// orderLinesPart's chunk: /vertrag-widerrufen 112.41 -> 112.56 KB.
// Session 25 (accountfollow): a logged-in customer is offered their orders on /vertrag-widerrufen; the offer is a
// deferred part hydrating from orderLinesPart's chunk (its import repeats the form's), the account's and the order
// list's code load after it: +0.045 KB in the page's chunk. Registration's "Angemeldet bleiben" box: +0.048 KB. The
// shared chunks had grown with other work of this session before (measured without these changes:
// /vertrag-widerrufen 112.70, /account/register 113.48): 112.56 -> 112.75 and 113.25 -> 113.53 KB.
// Session 25 (lead, at the end): every route +0.05-0.08 KB over the session (the cards' own fields, the check of an
// ended login and the withdrawal offer in shared chunks' import lists), /account routes +0.10-0.15 KB (the account
// service's chunk is shared with the ended-login check since sharedfix): the figures below are the session's end.
// Session 26: every route +0.10-0.12 KB: the entry's check that a module a failed in-page import names is really
// gone (a HEAD request) before the page reloads for a release (errors/releaseReload.ts `reloadIfGone`, ~0.07 KB),
// the order page's buyer part and the cart-full text in Vite's preload lists; /thank-you's addresses left its
// initial script. The app guard follows (20.2 -> 20.3 KB; /:alias's app part 20.23 KB).
const REACHED_KB: Record<string, number> = {
  '/': 109.9,
  '/number-banner': 109.49,
  '/kategorie/:idOrName': 112.11,
  '/catalog': 111.2,
  '/kennzeichen': 111.9,
  '/:alias (product)': 114.45,
  '/:alias/configurator': 112.82,
  '/kennzeichenhalter-bedrucken': 110.92,
  '/blog': 109.16,
  '/impressum (information)': 109.09,
  '/vertrag-widerrufen': 112.83,
  '/cart': 111.03,
  '/404': 109.07,
  '/cart/checkout': 112.61,
  '/wait-for-confirmation': 112.93,
  '/thank-you/:headerGuid': 113.32,
  '/cancel-order': 109.32,
  '/account/login': 111.48,
  '/account/password': 112.04,
  '/account/register': 113.51,
  '/account/confirm': 113.46,
  '/account': 110.29,
  '/wishlist': 113.8,
  '/suche': 112.47,
};
const MARGIN_KB = 0.15;
const APP_GUARD_KB = 20.3;
const FRAMEWORK_GUARD_KB = 95.2;

/** Preact's style-unit rule (src/constants.js IS_NON_DIMENSIONAL) appears in every copy of Preact's core. */
const PREACT_CORE = /rph\|grid\|ows\|mnc/;
/** React DOM's internal instance key: present in every build of React DOM's client. */
const REACT_DOM = /__reactFiber\$/;

describe('initial JS per route (gzip), DESIGN 7', () => {
  const assets = join(distDir, 'client');
  const read = (file: string) => readFileSync(join(assets, file), 'utf8');

  it(`keeps the storefront code per route (everything but the framework chunk) within ${APP_GUARD_KB} KB`, () => {
    for (const row of rows) expect(row.appKb, row.route).toBeLessThanOrEqual(APP_GUARD_KB);
  });

  it(`keeps the framework chunk (React, React DOM, scheduler, React Router) at its floor (94.2 KB) plus 1 KB`, () => {
    expect(rows[0]?.frameworkKb).toBeLessThanOrEqual(FRAMEWORK_GUARD_KB);
  });

  it(`keeps every route within its reached figure plus ${MARGIN_KB} KB (budget ${BUDGET_KB} KB, see the bench)`, () => {
    expect(BUDGET_KB).toBe(105);
    expect(rows.map((row) => row.route)).toEqual(Object.keys(REACHED_KB));
    for (const row of rows)
      expect(row.totalKb, row.route).toBeLessThanOrEqual((REACHED_KB[row.route] ?? 0) + MARGIN_KB);
  });

  it('measures every page of the route table', () => {
    const routeTable = readFileSync(join(packageDir, 'src', 'routes', 'createRoutes.tsx'), 'utf8');
    const pages = [...routeTable.matchAll(/import\('\.\.\/pages\/(\w+)'\)/g)].map(
      ([, name]) => `src/pages/${name}.tsx`,
    );
    expect(pages.length).toBeGreaterThan(15);
    expect(new Set(Object.values(ROUTE_PAGES))).toEqual(new Set(pages));
  });

  it('hydrates with React DOM: it is in the framework chunk, and no Preact is in any route’s initial JS', () => {
    for (const row of rows) {
      const framework = row.files.filter((file) => /(^|\/)framework-[^/]+\.js$/.test(file));
      expect(framework, row.route).toHaveLength(1);
      expect(REACT_DOM.test(read(framework[0] ?? '')), row.route).toBe(true);
      expect(
        row.files.filter((file) => PREACT_CORE.test(read(file))),
        row.route,
      ).toEqual([]);
    }
  });

  it('loads the widget (with its own Preact) and the print editor only on demand', () => {
    const manifest = JSON.parse(read('.vite/manifest.json')) as Record<
      string,
      { file: string; isDynamicEntry?: boolean }
    >;
    for (const source of ['../widget/src/index.ts', '../widget/src/editorChunk.ts']) {
      expect(manifest[source]?.isDynamicEntry, source).toBe(true);
    }
    for (const row of rows) {
      expect(
        row.files.filter((file) => /editor|PrintEditor|jsxRuntime|preact|\/plates-/i.test(file)),
        row.route,
      ).toEqual([]);
      const widgetFile = manifest['../widget/src/index.ts']?.file;
      expect(row.files, row.route).not.toContain(widgetFile);
    }
  });

  it('hydrates the late chrome (footer, desktop bar, banner, toasts), the mobile menu and the head code from chunks of their own', () => {
    const manifest = JSON.parse(read('.vite/manifest.json')) as Record<
      string,
      { file: string; isDynamicEntry?: boolean }
    >;
    const late = ['src/chrome/lateChrome.ts', 'src/chrome/MobileMenu.tsx', 'src/seo/pageHead.ts'];
    for (const source of late) expect(manifest[source]?.isDynamicEntry, source).toBe(true);
    const files = late.map((source) => manifest[source]?.file);
    for (const row of rows)
      expect(
        row.files.filter((file) => files.includes(file)),
        row.route,
      ).toEqual([]);
  });

  it('loads the route loaders from chunks of their own, outside every route’s initial script', () => {
    const manifest = JSON.parse(read('.vite/manifest.json')) as Record<
      string,
      { file: string; isDynamicEntry?: boolean }
    >;
    const loaders = [
      'src/routes/loaders.ts',
      'src/features/cart/cartLoader.ts',
      'src/routes/thankYouLoader.ts',
    ];
    for (const source of loaders) expect(manifest[source]?.isDynamicEntry, source).toBe(true);
    const files = loaders.map((source) => manifest[source]?.file);
    for (const row of rows)
      expect(
        row.files.filter((file) => files.includes(file)),
        row.route,
      ).toEqual([]);
  });

  it('makes the SDK services no first view uses (checkout, orders, content, image upload) outside every route’s initial script', () => {
    const manifest = JSON.parse(read('.vite/manifest.json')) as Record<string, { file: string }>;
    // One chunk (vite.config.ts `sdkservices`): src/sdk/ and the SDK's service modules the core leaves out.
    const services = Object.entries(manifest).filter(([key]) => /^_sdkservices-/.test(key));
    expect(services).toHaveLength(1);
    const file = services[0]?.[1].file ?? '';
    expect(read(file)).toContain('placeOrder');
    // The checkout, the payment's return and the account page use them on their first view.
    const users = ['/cart/checkout', '/wait-for-confirmation', '/account'];
    for (const row of rows.filter((row) => !users.includes(row.route))) {
      expect(row.files, row.route).not.toContain(file);
      // The checkout's method name survives minification: no initial script builds the checkout service.
      expect(
        row.files.filter((initial) => read(initial).includes('placeOrder')),
        row.route,
      ).toEqual([]);
    }
  });

  it('hydrates the widget slots, and the product grids below the first screen, from chunks of their own', () => {
    const manifest = JSON.parse(read('.vite/manifest.json')) as Record<
      string,
      { file: string; isDynamicEntry?: boolean }
    >;
    const slot = manifest['src/features/widget/WidgetSlot.tsx'];
    expect(slot?.isDynamicEntry).toBe(true);
    for (const row of rows) expect(row.files, row.route).not.toContain(slot?.file);
    const cards = manifest['src/features/catalogue/ProductCard.tsx'];
    expect(cards?.isDynamicEntry).toBe(true);
    const withCards = rows.filter((row) => row.files.includes(cards?.file ?? '')).map((row) => row.route);
    // Only the list pages whose grid is their first screen load the cards with the page (search results too).
    expect(withCards).toEqual(['/kategorie/:idOrName', '/catalog', '/kennzeichen', '/suche']);
  });

  it('keeps the icons’ drawings (src/icons/icons.svg) and the other routes’ head texts out of every initial script', () => {
    const menuIcon = 'M3 6h18M3 12h18M3 18h18';
    const thankYouTitle = 'Vielen Dank für Ihre Bestellung';
    for (const row of rows.filter((row) => row.route !== '/thank-you/:headerGuid'))
      expect(
        row.files.filter((file) => read(file).includes(menuIcon) || read(file).includes(thankYouTitle)),
        row.route,
      ).toEqual([]);
  });

  it('splits code per route: each page chunk appears only with its route', () => {
    const home = rows.find((row) => row.route === '/');
    const product = rows.find((row) => row.route.startsWith('/:alias (product)'));
    expect(home?.files.some((file) => file.includes('HomePage'))).toBe(true);
    expect(home?.files.some((file) => file.includes('ProductView'))).toBe(false);
    expect(product?.files.some((file) => file.includes('ProductPage'))).toBe(true);
    expect(product?.files.some((file) => file.includes('HomePage'))).toBe(false);
  });
});
