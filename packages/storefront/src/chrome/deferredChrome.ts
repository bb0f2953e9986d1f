import { lazyPart, staticPart } from '../app/deferredPart';

// Chrome the first interaction does not need: the server renders it in place, the browser hydrates it from the
// lateChrome chunk (app/deferredPart.tsx). `import.meta.env.SSR` is a build constant: the server build imports the
// chunk up front, the browser build drops that branch, so this chrome leaves every route's initial script (a static
// import would keep it in the entry chunk even when unused).
const late = () => import('./lateChrome');
const server = import.meta.env.SSR ? await late() : undefined;

export const Footer = server
  ? staticPart(server.Footer)
  : lazyPart('footer', () => late().then((chrome) => chrome.Footer));
// Back to top, and the scroll and focus reset after client navigations (the first page needs neither).
export const PagePosition = server
  ? staticPart(server.PagePosition)
  : lazyPart('back-to-top', () => late().then((chrome) => chrome.PagePosition));
// The desktop bar opens its dropdowns on hover and focus without script too (CSS), and its links navigate as
// plain links until it has hydrated; on phones it is hidden behind the menu button.
export const DesktopNav = server
  ? staticPart(server.DesktopNav)
  : lazyPart('desktop-nav', () => late().then((chrome) => chrome.DesktopNav));
// Session 18: the header's search is a plain GET form to /suche until it hydrates (a full page load then); after,
// its submit is a client navigation and its field follows the query. Not in any route's initial script.
export const SearchForm = server
  ? staticPart(server.SearchForm)
  : lazyPart('site-search', () => late().then((chrome) => chrome.SearchForm));
export const Toasts = server
  ? staticPart(server.Toasts)
  : lazyPart('toasts', () => late().then((chrome) => chrome.Toasts));
export const ConsentBanner = server
  ? staticPart(server.ConsentBanner)
  : lazyPart('consent-banner', () => late().then((chrome) => chrome.ConsentBanner));
