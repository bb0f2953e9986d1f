import { BackToTop } from './BackToTop';
import { SortInPlace } from '../features/catalogue/SortInPlace';
import { RouteFocus } from './RouteFocus';

/**
 * Where the shopper is on the page: the back-to-top control and the scroll and focus reset after client
 * navigations. One deferred part for both (chrome/deferredChrome.ts), so the focus handling adds nothing to any
 * route's initial script. Session 21: also the listings' sorting in place, which keeps focus and position.
 */
export function PagePosition() {
  return (
    <>
      <BackToTop />
      <RouteFocus />
      <SortInPlace />
    </>
  );
}
