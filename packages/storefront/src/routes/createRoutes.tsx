import { redirect } from 'react-router-dom';
import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import { Layout } from '../chrome/Layout';
import { RouteErrorPage } from '../errors/RouteErrorPage';
import type { Loaders } from './loaders';
import { INFO_PAGES } from './infoPages';
import { type RouteLoader, lazyLoader, loadOnce } from './lazyLoader';
import type { RouteHandle } from './routeHandle';
import type { RouteDeps } from './routeDeps';

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
  // The checkout form is a chunk of its own (pages/CheckoutPage.tsx); it loads beside the page's, not after it. A
  // failed load is the page's to show, when it renders the form.
  CheckoutPage: () => {
    import('../features/checkout/CheckoutForm').catch(() => undefined);
    return import('../pages/CheckoutPage');
  },
  WaitForConfirmationPage: () => import('../pages/WaitForConfirmationPage'),
  ThankYouPage: () => import('../pages/ThankYouPage'),
  CancelOrderPage: () => import('../pages/CancelOrderPage'),
  NotFoundPage: () => import('../pages/NotFoundPage'),
  ConfiguratorPage: () => import('../pages/ConfiguratorPage'),
  LoginPage: () => import('../pages/LoginPage'),
  RegisterPage: () => import('../pages/RegisterPage'),
  ConfirmEmailPage: () => import('../pages/ConfirmEmailPage'),
  PasswordPage: () => import('../pages/PasswordPage'),
  WithdrawalPage: () => import('../pages/WithdrawalPage'),
  AccountPage: () => import('../pages/AccountPage'),
  WishlistPage: () => import('../pages/WishlistPage'),
  SearchPage: () => import('../pages/SearchPage'),
} satisfies Record<string, RouteObject['lazy']>;
type PageName = keyof typeof PAGES;

/** What the route loaders read (./routeDeps.ts). */
export type { RouteDeps };

/**
 * The route table of spec 2 (react-router data routes). Page components are split per route with `lazy`; the
 * loaders load from one chunk of their own with the first client navigation (routes/lazyLoader.ts), since the
 * browser hydrates from the server's loader data.
 * `deps`: the browser's, for its one route table. Without: the server's table, made once per process (ranking the
 * routes is React Router's work per table, not per page); each page's deps come as the static handler's
 * `requestContext` (entry-server.tsx), which React Router hands the loaders as `context`.
 */
export function createRoutes(deps?: RouteDeps): RouteObject[] {
  // What the loaders are made of: the browser's deps, once for its route table; on the server, the deps of each page.
  const perDeps = <T,>(make: (of: RouteDeps) => Promise<T>): ((args: LoaderFunctionArgs) => Promise<T>) =>
    deps ? loadOnce(() => make(deps)) : (args) => make(args.context);
  // One set of loaders per route table in the browser (made when the first loader runs), one per call on the server.
  const loaders = perDeps((of) => import('./loaders').then((module) => module.createLoaders(of)));
  const load = (name: Exclude<keyof Loaders, 'product' | 'article'>) =>
    lazyLoader((args) => loaders(args).then((all) => all[name] as RouteLoader));
  const loadProduct = (alias: string) =>
    lazyLoader((args) => loaders(args).then((all) => all.product(alias)));
  const loadArticle = (alias: string) =>
    lazyLoader((args) => loaders(args).then((all) => all.article(alias)));
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
        head: 'home',
      } satisfies RouteHandle,
    },
    page('number-banner', 'NumberBannerPage', { head: 'numberBanner', hideTemplate: true }),
    page(
      'kategorie/:idOrName',
      'CategoryPage',
      {
        head: 'category',
        sitemap: 'categories',
      },
      load('category'),
    ),
    page('catalog', 'CatalogPage', listed({ head: 'catalog' }), load('catalog')),
    page('shops/:alias', 'ProductListPage', { head: 'list' }, load('shop')),
    page('kennzeichen', 'ProductListPage', listed({ head: 'list' }), load('plates')),
    page('kennzeichen/:kind', 'ProductListPage', { head: 'list', sitemap: 'plateKinds' }, load('plates')),
    page('funschild', 'ProductPage', listed({ head: 'product' }), loadProduct('funschild')),
    page('parkplatzschild', 'ProductPage', listed({ head: 'product' }), loadProduct('parkplatzschild')),
    page('ooono', 'ProductPage', listed({ head: 'product' }), loadProduct('ooono')),
    page('kennzeichenhalter-bedrucken', 'PrintingPage', listed({ head: 'list' }), load('printing')),
    page('blog', 'BlogPage', listed({ head: 'blog' }), load('blog')),
    page('blog/:alias', 'ArticlePage', { head: 'article', sitemap: 'blogPosts' }, load('articleByParam')),
    ...INFO_PAGES.map((alias) =>
      page(alias, 'ArticlePage', { head: 'article', sitemap: { article: alias } }, loadArticle(alias)),
    ),
    page(
      'site/terms',
      'ArticlePage',
      { head: 'article', sitemap: { article: 'terms' } },
      loadArticle('terms'),
    ),
    // § 356a BGB (session 16): the electronic withdrawal function, public like the information pages.
    page('vertrag-widerrufen', 'WithdrawalPage', listed({ head: 'withdrawal' })),
    // The server-rendered cart page carries the shopper's cart: never stored by a shared cache. Its loader has a
    // chunk of its own (features/cart/cartLoader.ts), loaded beside the page's with a client navigation.
    page(
      'cart',
      'CartPage',
      { head: 'cart', personal: true },
      lazyLoader(
        perDeps((of) => import('../features/cart/cartLoader').then((module) => module.cartLoader(of))),
      ),
    ),
    page('cart/checkout', 'CheckoutPage', { head: 'checkout' }),
    page('wishlist', 'WishlistPage', { head: 'wishlist' }),
    // Session 18: the shop's search (features/search/searchLoader.ts); not in the sitemap, `noindex` (routeHeads.ts).
    page('suche', 'SearchPage', { head: 'search' }, load('search')),
    page('account/login', 'LoginPage', { head: 'login' }),
    page('account/password', 'PasswordPage', { head: 'password' }),
    page('account/register', 'RegisterPage', { head: 'register' }),
    page('account/confirm', 'ConfirmEmailPage', { head: 'confirmEmail' }),
    page('account', 'AccountPage', { head: 'account' }),
    page(
      'thank-you/:id',
      'ThankYouPage',
      // The server-rendered page carries the order (addresses, email): never stored by a shared cache.
      { head: 'thankYou', personal: true },
      lazyLoader(
        perDeps((of) => import('./thankYouLoader').then((module) => module.thankYouLoader(of.data))),
      ),
    ),
    page('wait-for-confirmation/*', 'WaitForConfirmationPage', { head: 'waitForConfirmation' }),
    page('cancel-order/*', 'CancelOrderPage', { head: 'cancelOrder' }),
    page('site/not-found', 'NotFoundPage', { head: 'notFound', status: 404 }),
    page('404', 'NotFoundPage', { head: 'notFound', status: 404 }),
    page(
      ':alias',
      'ProductPage',
      {
        head: 'product',
        sitemap: 'products',
      },
      load('productByParam'),
    ),
    page(':alias/configurator', 'ConfiguratorPage', { head: 'configurator' }, load('configurator')),
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
