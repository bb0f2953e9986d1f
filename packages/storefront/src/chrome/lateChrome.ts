// The chrome below the fold, shown on demand or working as plain HTML until it hydrates: one chunk for the browser
// (see deferredChrome.ts).
export { ConsentBanner } from '../features/consent/ConsentBanner';
export { BackToTop } from './BackToTop';
export { DesktopNav } from './DesktopNav';
export { Footer } from './Footer';
export { Toasts } from './Toasts';
