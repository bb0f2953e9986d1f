import { redirect } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { Layout } from '../chrome/Layout';
import type { PublicConfig } from '../config';
import type { ArticleSummary } from '@lp/sdk/contract';
import { flattenTree } from '../data/catalogueRules';
import type { ShopData } from '../data/shopData';
import { RouteErrorPage } from '../errors/RouteErrorPage';
import { wishlistLoader } from '../features/wishlist/wishlistLoader';
import type {
  ArticleData,
  BlogData,
  CatalogData,
  CategoryData,
  HomeData,
  ListData,
  Loaders,
  ProductData,
} from './loaders';
import { INFO_PAGES } from './infoPages';
import { type RouteLoader, lazyLoader, loadOnce } from './lazyLoader';
import { productMeta } from './productMeta';
import type { ServerCartForPage } from '../features/cart/cartLoader';
import type { PageMeta, RouteHandle } from './routeHandle';

const meta =
  <T,>(build: (data: T) => PageMeta): RouteHandle['meta'] =>
  (data) =>
    build(data as T);
const fixed = (title: string, description?: string): RouteHandle => ({
  meta: () => ({ title, description }),
});
const articleMeta = meta<ArticleData>(({ article }) => ({
  title: article.Title,
  description: article.Excerpt,
}));
const listMeta = meta<ListData>((d) => ({ title: d.title, description: d.intro }));

/** Nothing to show before hydration: the client hydrates only after its loaders settled (entry-client). */
function HydrateFallback() {
  return null;
}

/** Page modules, one chunk each (code-split per route). */
const PAGES = {
  HomePage: () => import('../pages/HomePage'),
  NumberBannerPage: () => import('../pages/NumberBannerPage'),
  CategoryPage: () => import('../pages/CategoryPage'),
  CatalogPage: () => import('../pages/CatalogPage'),
  ProductListPage: () => import('../pages/ProductListPage'),
  ProductPage: () => import('../pages/ProductPage'),
  PrintingPage: () => import('../pages/PrintingPage'),
  BlogPage: () => import('../pages/BlogPage'),
  ArticlePage: () => import('../pages/ArticlePage'),
  CartPage: () => import('../pages/CartPage'),
  CheckoutPage: () => import('../pages/CheckoutPage'),
  WaitForConfirmationPage: () => import('../pages/WaitForConfirmationPage'),
  ThankYouPage: () => import('../pages/ThankYouPage'),
  CancelOrderPage: () => import('../pages/CancelOrderPage'),
  NotFoundPage: () => import('../pages/NotFoundPage'),
  ConfiguratorPage: () => import('../pages/ConfiguratorPage'),
  LoginPage: () => import('../pages/LoginPage'),
  RegisterPage: () => import('../pages/RegisterPage'),
  ConfirmEmailPage: () => import('../pages/ConfirmEmailPage'),
  AccountPage: () => import('../pages/AccountPage'),
  WishlistPage: () => import('../pages/WishlistPage'),
} satisfies Record<string, RouteObject['lazy']>;
type PageName = keyof typeof PAGES;

/**
 * The route table of spec 2 (react-router data routes). Page components are split per route with `lazy`; the
 * loaders load from one chunk of their own with the first client navigation (routes/lazyLoader.ts), since the
 * browser hydrates from the server's loader data.
 */
export function createRoutes(deps: {
  data: ShopData;
  config: PublicConfig;
  /** The server's cart read (entry-server): the cart page's HTML shows the shopper's cart. */
  serverCart?: ServerCartForPage;
}): RouteObject[] {
  // One set of loaders per route table (one per request on the server), made when the first loader runs.
  const loaders = loadOnce(() => import('./loaders').then((module) => module.createLoaders(deps)));
  const load = (name: Exclude<keyof Loaders, 'product' | 'article'>) =>
    lazyLoader(() => loaders().then((all) => all[name] as RouteLoader));
  const loadProduct = (alias: string) => lazyLoader(() => loaders().then((all) => all.product(alias)));
  const loadArticle = (alias: string) => lazyLoader(() => loaders().then((all) => all.article(alias)));
  const { data } = deps;
  // sitemap.xml (routes/sitemap.ts): the pages each parameterised route serves.
  const articlePages = (keep: (article: ArticleSummary) => boolean, param?: string) => async () =>
    (await data.articles()).filter(keep).map((article) => ({
      ...(param ? { params: { [param]: article.Alias } } : {}),
      lastmod: article.PublishedAt?.slice(0, 10),
    }));
  const listed = (handle: RouteHandle): RouteHandle => ({ ...handle, sitemap: true });
  const page = (path: string, name: PageName, handle: RouteHandle, loader?: RouteObject['loader']) =>
    ({
      path,
      lazy: PAGES[name],
      handle: { ...handle, module: `src/pages/${name}.tsx` },
      loader,
    }) as RouteObject;
  const children: RouteObject[] = [
    {
      index: true,
      loader: load('home'),
      lazy: PAGES.HomePage,
      handle: {
        module: 'src/pages/HomePage.tsx',
        sitemap: true,
        meta: meta<HomeData>((d) => ({
          title: 'Kennzeichen online bestellen',
          description: `Zertifizierte Autokennzeichen ab ${d.rootPrice.toFixed(2).replace('.', ',')} € – Versand am selben Tag bei Bestellung vor 14:00 Uhr.`,
        })),
      } satisfies RouteHandle,
    },
    page('number-banner', 'NumberBannerPage', { ...fixed('Configurator'), hideTemplate: true }),
    page(
      'kategorie/:idOrName',
      'CategoryPage',
      {
        meta: meta<CategoryData>((d) => ({
          title: d.category.Name,
          description: `${d.category.Name} online kaufen.`,
        })),
        sitemap: async () =>
          flattenTree(await data.tree()).map((category) => ({ params: { idOrName: category.Alias } })),
      },
      load('category'),
    ),
    page(
      'catalog',
      'CatalogPage',
      listed({
        meta: meta<CatalogData>((d) => ({
          title: 'Katalog',
          description: `Alle Produkte: ${d.groups.map((g) => g.category.Name).join(', ')}.`,
        })),
      }),
      load('catalog'),
    ),
    page('shops/:alias', 'ProductListPage', { meta: listMeta }, load('shop')),
    page('kennzeichen', 'ProductListPage', listed({ meta: listMeta }), load('plates')),
    page('kennzeichen/:kind', 'ProductListPage', { meta: listMeta }, load('plates')),
    page('funschild', 'ProductPage', listed({ meta: productMeta }), loadProduct('funschild')),
    page('parkplatzschild', 'ProductPage', listed({ meta: productMeta }), loadProduct('parkplatzschild')),
    page('ooono', 'ProductPage', listed({ meta: productMeta }), loadProduct('ooono')),
    page('kennzeichenhalter-bedrucken', 'PrintingPage', listed({ meta: listMeta }), load('printing')),
    page(
      'blog',
      'BlogPage',
      listed({
        meta: meta<BlogData>(() => ({ title: 'Blog', description: 'Ratgeber rund um Kennzeichen.' })),
      }),
      load('blog'),
    ),
    page(
      'blog/:alias',
      'ArticlePage',
      { meta: articleMeta, sitemap: articlePages((a) => a.Kind === 'blog', 'alias') },
      load('articleByParam'),
    ),
    ...INFO_PAGES.map((alias) =>
      page(
        alias,
        'ArticlePage',
        { meta: articleMeta, sitemap: articlePages((a) => a.Alias === alias) },
        loadArticle(alias),
      ),
    ),
    page(
      'site/terms',
      'ArticlePage',
      { meta: articleMeta, sitemap: articlePages((a) => a.Alias === 'terms') },
      loadArticle('terms'),
    ),
    // The server-rendered cart page carries the shopper's cart: never stored by a shared cache. Its loader has a
    // chunk of its own (features/cart/cartLoader.ts), loaded beside the page's with a client navigation.
    page(
      'cart',
      'CartPage',
      { ...fixed('Warenkorb'), personal: true },
      lazyLoader(() => import('../features/cart/cartLoader').then((module) => module.cartLoader(deps))),
    ),
    page('cart/checkout', 'CheckoutPage', fixed('Kasse')),
    page('wishlist', 'WishlistPage', fixed('Merkzettel'), wishlistLoader(deps.data)),
    page('account/login', 'LoginPage', fixed('Anmelden')),
    page('account/register', 'RegisterPage', fixed('Registrieren')),
    page('account/confirm', 'ConfirmEmailPage', fixed('E-Mail-Adresse bestätigen')),
    page('account', 'AccountPage', fixed('Mein Konto')),
    page(
      'thank-you/:id',
      'ThankYouPage',
      // The server-rendered page carries the order (addresses, email): never stored by a shared cache.
      { ...fixed('Vielen Dank für Ihre Bestellung'), personal: true },
      lazyLoader(() => import('./thankYouLoader').then((module) => module.thankYouLoader(deps.data))),
    ),
    page('wait-for-confirmation/*', 'WaitForConfirmationPage', fixed('Bestellung wird bestätigt')),
    page('cancel-order/*', 'CancelOrderPage', fixed('Bestellung abgebrochen')),
    page('site/not-found', 'NotFoundPage', { ...fixed('Seite nicht gefunden'), status: 404 }),
    page('404', 'NotFoundPage', { ...fixed('Seite nicht gefunden'), status: 404 }),
    page(
      ':alias',
      'ProductPage',
      {
        meta: productMeta,
        sitemap: async () => (await data.products()).map((product) => ({ params: { alias: product.Alias } })),
      },
      load('productByParam'),
    ),
    page(
      ':alias/configurator',
      'ConfiguratorPage',
      {
        meta: meta<ProductData>((d) => ({
          title: `${d.product.Name} gestalten`,
          description: d.product.Title,
        })),
      },
      load('productByParam'),
    ),
    // spec 2: anything else redirects to /404.
    { path: '*', loader: () => redirect('/404') },
  ];

  return [
    {
      id: 'root',
      path: '/',
      loader: load('root'),
      // The layout's data (menu, tree, articles, shipping, route guard by path) does not depend on the query
      // string: a changed query (the cart handoff dropping `?cartGuid=`) is no reason to read it again.
      shouldRevalidate: ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
        defaultShouldRevalidate && (Boolean(formMethod) || currentUrl.search === nextUrl.search),
      Component: Layout,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback,
      children,
    },
  ];
}
