// The chrome below the fold or shown on demand, one chunk for the browser (see deferredChrome.ts).
export { ConsentBanner } from '../features/consent/ConsentBanner';
export { BackToTop } from './BackToTop';
export { Footer } from './Footer';
export { Toasts } from './Toasts';
