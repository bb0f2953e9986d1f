import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useStore } from 'zustand';
import { useShop } from '../../app/ShopContext';
import { registerServiceWorker } from '../serviceWorker/registerServiceWorker';
import { createLazyThirdParty } from '../thirdParty/lazyThirdParty';
import { SHOP_THIRD_PARTIES } from '../thirdParty/shopThirdParties';
import { createOtherPagesTag } from '../tracking/otherPagesTag';
import { useTracker } from '../tracking/useTracker';
import { listenWidgetAddToCart } from '../tracking/widgetAddToCart';
import { useConsentStore } from './ConsentContext';
import type { ConsentStore } from './consentStore';

const dataLayer = () => (window as unknown as { dataLayer?: unknown[] }).dataLayer;
const otherPagesTag = typeof window === 'undefined' ? () => false : createOtherPagesTag(dataLayer);

/**
 * Browser-only services of issue 6, mounted once by the layout after hydration (ConsentMount): consent -> SDK
 * tracker queue, lazy third parties, the widget's add_to_cart, the 'other pages' tag setup and the service
 * worker. Renders nothing; the banner is rendered by the layout itself (ConsentBanner).
 */
export function ConsentRoot({ store: given }: { store?: ConsentStore }) {
  const fromContext = useConsentStore();
  const store = given ?? fromContext;
  const { sdk, reporter } = useShop();
  const tracker = useTracker();
  const choice = useStore(store, (state) => state.choice);
  const { pathname } = useLocation();
  const [thirdParties] = useState(() =>
    createLazyThirdParty({
      onError: (error, name) => reporter.report(error, `thirdParty:${name}`, 'warning'),
    }),
  );
  const statistics = choice?.statistics === true;
  const marketing = choice?.marketing === true;

  // spec 4: the SDK holds marketing events until consent, releases them 200 ms after it, drops them on withdrawal.
  // Issue 13: every decision reaches the tracker, a refusal too: "Nur notwendige" withdraws, so the events held
  // since the page opened are dropped at that moment. Undecided visitors keep theirs waiting.
  useEffect(() => {
    if (choice) sdk.tracker.setConsent({ marketing: choice.marketing === true });
  }, [sdk, choice]);
  useEffect(() => thirdParties.setConsent({ statistics, marketing }), [thirdParties, statistics, marketing]);
  useEffect(() => {
    for (const loader of SHOP_THIRD_PARTIES) thirdParties.register(loader);
    thirdParties.start();
    return () => thirdParties.stop();
  }, [thirdParties]);
  useEffect(() => listenWidgetAddToCart(document, tracker), [tracker]);
  // spec 2: tag-manager setup for 'other pages', only with statistics or marketing consent.
  useEffect(() => {
    if (statistics || marketing) otherPagesTag(pathname);
  }, [pathname, statistics, marketing]);
  // spec 4: the service worker is registered immediately.
  useEffect(() => {
    void registerServiceWorker(navigator, reporter.report);
  }, [reporter]);

  return null;
}
