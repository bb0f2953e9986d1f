import { useMemo } from 'react';
import { Outlet, useLoaderData, useMatches } from 'react-router-dom';
import { useShop } from '../app/ShopContext';
import { ConsentMount } from '../features/consent/ConsentMount';
import { CartReminderSlot } from '../features/reminder/CartReminderSlot';
import type { RootData } from '../routes/loaders';
import type { RouteHandle } from '../routes/routeHandle';
import { GuardedContent } from '../routes/GuardedContent';
import { useHead } from '../seo/useHead';
import { ConsentBanner, Footer, PagePosition, Toasts } from './deferredChrome';
import { Header } from './Header';
import { LoadingIndicator } from './LoadingIndicator';

/** The page chrome around every route; hidden for routes whose handle says `hideTemplate` (spec 2). */
export function Layout() {
  const root = useLoaderData() as RootData;
  const { config } = useShop();
  const matches = useMatches();
  useHead();
  // Navigation shows top-level categories; subcategories live on the category pages' sidebar.
  // Memoised: the deferred parts (footer, desktop bar) get it as a prop, and a new array for a boundary still
  // waiting for its chunk would make React drop that boundary's server HTML (app/deferredPart.tsx).
  const topMenu = useMemo(() => {
    const topIds = new Set(root.tree.map((node) => node.UniqueId));
    return root.menu.filter((entry) => topIds.size === 0 || topIds.has(entry.CategoryId));
  }, [root]);
  const hidden = matches.some((match) => (match.handle as RouteHandle | undefined)?.hideTemplate);
  const content = (
    <GuardedContent disabled={root.disabled}>
      <Outlet />
    </GuardedContent>
  );
  if (hidden) {
    return (
      <main id="main" className="template-hidden">
        {content}
        <ConsentMount />
      </main>
    );
  }
  return (
    <>
      <a href="#main" className="skip-link">
        Zum Inhalt springen
      </a>
      <LoadingIndicator />
      <Header
        menu={topMenu}
        articles={root.articles}
        mainCategoryId={config.mainCategoryId}
        freeShippingFrom={root.freeShippingFrom}
        phone={config.phone}
      />
      <main id="main" className="page" tabIndex={-1}>
        {content}
      </main>
      <Footer
        articles={root.articles}
        menu={topMenu}
        mainProducts={root.mainProducts}
        mainCategoryId={config.mainCategoryId}
        freeShippingFrom={root.freeShippingFrom}
        phone={config.phone}
        appVersion={config.appVersion}
      />
      <PagePosition />
      <Toasts />
      <CartReminderSlot />
      {/* In the server's HTML for a shopper without a decision (cookie), so its text is in the first paint. */}
      <ConsentBanner />
      <ConsentMount />
    </>
  );
}
