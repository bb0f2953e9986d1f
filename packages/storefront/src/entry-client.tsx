import { createSdkCore } from '@lp/sdk/compose';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { type RouteObject, RouterProvider, createBrowserRouter, matchRoutes } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { HydrationMark } from './app/HydrationMark';
import { readBootData } from './app/bootData';
import { createShopData } from './data/shopData';
import { type ErrorSink, createErrorReporter } from './errors/errorReporter';
import { reloadForRelease, reloadIfGone } from './errors/releaseReload';
import { mirroredLocalStorage } from './features/cart/cartCookie';
import { createRoutes } from './routes/createRoutes';
import './styles/app.css';
import './styles/account.css';
import './styles/consent.css';
import './styles/checkout.css';
import './styles/prices.css';

/**
 * Loads the page modules of the routes this URL matches before the router starts. React Router loads a matched
 * lazy route again (module and loader) even when the server sent its loader data; resolved first, the routes
 * hydrate from the server's data without asking the API (React Router's documented pattern for SSR and lazy).
 */
async function resolveLazyMatches(routes: RouteObject[]): Promise<void> {
  const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
}

async function start() {
  const boot = readBootData();
  const container = document.getElementById('root');
  if (!boot || !container) return; // not a page of this server: nothing to hydrate
  const reporter = createErrorReporter();
  // spec 8: unhandled errors go to the reporter with severity 'error' and component context.
  window.addEventListener('error', (event) => reporter.report(event.error ?? event.message, 'window'));
  window.addEventListener('unhandledrejection', (event) => reporter.report(event.reason, 'promise'));

  // The tag manager's data layer (GTM convention); the SDK holds events until marketing consent (spec 4).
  const page = window as unknown as { dataLayer?: unknown[] };
  page.dataLayer ??= [];
  // The transfer state answers the loaders' GETs, so hydration asks the API for nothing it already has.
  // The SDK's core: what first views use. Checkout, orders, content and the image upload are made from it by the
  // pages that need them, in their own chunks (src/sdk/serviceOf.ts).
  const sdk = createSdkCore({
    onTrackingError: (error) => reporter.report(error, 'tracking', 'warning'),
    baseUrl: boot.config.publicApiUrl,
    companyAlias: boot.config.companyAlias,
    transferState: boot.transferState,
    // AppState stays in localStorage (spec 3); its CartGuid is mirrored into the cart cookie, so the server can
    // render the cart page with the shopper's lines (features/cart/cartCookie.ts).
    storage: mirroredLocalStorage(),
  });
  // spec 8 / issue 5: next to the console sink, reports are stored by the API (POST /api/ClientErrors).
  // Its code loads with the first report (most page views have none), outside every route's initial script.
  let sendToApi: Promise<ErrorSink> | undefined;
  reporter.addSink((report) => {
    sendToApi ??= import('./errors/apiSink').then((module) => module.apiSink(sdk));
    sendToApi.then((send) => send(report)).catch(() => undefined);
  });
  const data = createShopData(sdk, boot.company, boot.config, { fromServer: Boolean(boot.hydrationData) });
  // The cart lives in this browser (its guid in AppState); asked now, it travels while the page's modules load.
  // Hydration renders the server's markup (the cart hooks read the store's initial state while hydrating; the cart
  // page shows the server's snapshot of the cart until the store has it) and the live cart right after.
  void sdk.cartStore
    .getState()
    .load()
    .catch((error: unknown) => reporter.report(error, 'cart'));
  const routes = createRoutes({ data, config: boot.config });
  // This page's chunk did not load (its HTML and its chunk came from builds on either side of a release): one full
  // load of the page (errors/releaseReload.ts); after that the router loads it again, and shows the error page.
  await resolveLazyMatches(routes).catch((error) => reloadForRelease(error) && new Promise(() => {}));
  const router = createBrowserRouter(routes, { hydrationData: boot.hydrationData });
  // An import inside a page (a card's "In den Warenkorb", a toast) whose chunk a release removed: Vite's preload
  // helper announces it, and the page loads once in full, so the click is lost rather than silently ignored; a
  // chunk that is still there (a lost connection) leaves the failure to the caller's message. A navigation's chunk
  // is the route error page's, which loads the target address instead (errors/releaseReload.ts).
  window.addEventListener('vite:preloadError', (event) => {
    if (router.state.navigation.state === 'idle') void reloadIfGone(event.payload);
  });
  // Loaders and lazy route modules settle before hydration, so the first client render equals the server's.
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (state.initialized) {
          stop();
          resolve();
        }
      });
    });
  }
  // React reports a markup that differs from the server's here (production: minified errors #418, #423 ...) and
  // renders the client's tree instead; the browser tests fail on such a report (e2e/support/hydrationGuard.ts).
  // Hydrating in a transition lets React yield to the browser between units of work (a default-priority
  // hydration runs as one long task), so a tap or a scroll during hydration is not held up; React Router's own
  // client entry does the same.
  // The route loaders run from the first client navigation on (hydration used the server's loader data): their
  // chunk loads once the page is interactive, so a navigation does not wait for it (routes/lazyLoader.ts).
  // The loaders of the information pages and the blog read articles through the content service, made from the
  // SDK's core on first use (src/sdk/contentOf.ts): its chunk is fetched with them, so such a navigation does not
  // wait for two chunks one after the other.
  // The head code (every route's title and head builders) likewise: the server's HTML has the first page's head.
  // A fetch that fails here (offline) is not an error to report: the navigation that needs the chunk asks again.
  const prefetch = (load: () => Promise<unknown>) => void load().catch(() => undefined);
  const loadRouteLoaders = () => {
    prefetch(() => import('./routes/loaders'));
    prefetch(() => import('./sdk/contentOf'));
    prefetch(() => import('./seo/pageHead'));
  };
  startTransition(() => {
    hydrateRoot(
      container,
      <HydrationMark container={container} onHydrated={loadRouteLoaders}>
        <AppProviders
          value={{ sdk, data, config: boot.config, reporter, serverHead: Boolean(boot.hydrationData) }}
        >
          <RouterProvider router={router} />
        </AppProviders>
      </HydrationMark>,
      { onRecoverableError: (error) => reporter.report(error, 'hydration', 'warning') },
    );
  });
}

void start();
