import { createSdk } from '@lp/sdk';
import { hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { HydrationMark } from './app/HydrationMark';
import { readBootData } from './app/bootData';
import { createShopData } from './data/shopData';
import { apiSink } from './errors/apiSink';
import { createErrorReporter } from './errors/errorReporter';
import { createRoutes } from './routes/createRoutes';
import './styles/app.css';
import './styles/account.css';
import './styles/consent.css';
import './styles/checkout.css';

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
  const sdk = createSdk({
    onTrackingError: (error) => reporter.report(error, 'tracking', 'warning'),
    baseUrl: boot.config.publicApiUrl,
    companyAlias: boot.config.companyAlias,
    transferState: boot.transferState,
  });
  // spec 8 / issue 5: next to the console sink, reports are stored by the API (POST /api/ClientErrors).
  reporter.addSink(apiSink(sdk));
  const data = createShopData(sdk, boot.company, boot.config);
  const router = createBrowserRouter(createRoutes({ data, config: boot.config }));
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
  hydrateRoot(
    container,
    <HydrationMark container={container}>
      <AppProviders value={{ sdk, data, config: boot.config, reporter }}>
        <RouterProvider router={router} />
      </AppProviders>
    </HydrationMark>,
    { onRecoverableError: (error) => reporter.report(error, 'hydration', 'warning') },
  );
  // The cart lives in this browser (its guid in AppState), so it loads here, never on the server.
  void sdk.cartStore
    .getState()
    .load()
    .catch((error: unknown) => reporter.report(error, 'cart'));
}

void start();
