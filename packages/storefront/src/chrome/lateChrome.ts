// The chrome below the fold, shown on demand or working as plain HTML until it hydrates: one chunk for the browser
// (see deferredChrome.ts).
export { ConsentBanner } from '../features/consent/ConsentBanner';
export { DesktopNav } from './DesktopNav';
export { Footer } from './Footer';
// Also for the cart body: taken from this chunk (loaded on every page), so the helper needs no chunk of its own.
export { focusMainHeading } from './focusMainHeading';
export { PagePosition } from './PagePosition';
export { SearchForm } from '../features/search/SearchForm';
export { Toasts } from './Toasts';
