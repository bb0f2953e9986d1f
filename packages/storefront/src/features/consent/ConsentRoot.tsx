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
import { ConsentBanner } from './ConsentBanner';
import { type ConsentStore, getConsentStore } from './consentStore';
import { CONSENT_OPEN_EVENT } from './openConsentSettings';

const dataLayer = () => (window as unknown as { dataLayer?: unknown[] }).dataLayer;
const otherPagesTag = typeof window === 'undefined' ? () => false : createOtherPagesTag(dataLayer);

/**
 * Browser-only services of issue 6, mounted once by the layout: the consent banner, consent -> SDK tracker queue,
 * lazy third parties, the widget's add_to_cart, the 'other pages' tag setup and the service worker. Renders
 * nothing on the server (the stored choice is only known in the browser), so hydration matches.
 */
export function ConsentRoot({ banner = true, store: given }: { banner?: boolean; store?: ConsentStore }) {
  const [store, setStore] = useState<ConsentStore | null>(null);
  useEffect(() => setStore(given ?? getConsentStore()), [given]);
  return store ? <ConsentServices store={store} banner={banner} /> : null;
}

function ConsentServices({ store, banner }: { store: ConsentStore; banner: boolean }) {
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
  useEffect(() => sdk.tracker.setConsent({ marketing }), [sdk, marketing]);
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
  // The footer's 'Cookie-Einstellungen' reopens the banner.
  useEffect(() => {
    const reopen = () => store.getState().reopen();
    window.addEventListener(CONSENT_OPEN_EVENT, reopen);
    return () => window.removeEventListener(CONSENT_OPEN_EVENT, reopen);
  }, [store]);
  // spec 4: the service worker is registered immediately.
  useEffect(() => {
    void registerServiceWorker(navigator, reporter.report);
  }, [reporter]);

  return banner ? <ConsentBanner store={store} /> : null;
}
