import { BackToTop } from './BackToTop';
import { RouteFocus } from './RouteFocus';

/**
 * Where the shopper is on the page: the back-to-top control and the scroll and focus reset after client
 * navigations. One deferred part for both (chrome/deferredChrome.ts), so the focus handling adds nothing to any
 * route's initial script.
 */
export function PagePosition() {
  return (
    <>
      <BackToTop />
      <RouteFocus />
    </>
  );
}
