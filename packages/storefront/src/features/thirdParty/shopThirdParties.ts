import type { ThirdPartyLoader } from './lazyThirdParty';

/**
 * Records a loaded third party on <html data-third-parties="..."> so the page (and the browser tests) can see
 * what ran. No real third-party origin is contacted: the CSP allows only the shop's own origin.
 */
export function markLoaded(name: string, root: HTMLElement = document.documentElement): void {
  const names = new Set((root.dataset.thirdParties ?? '').split(' ').filter(Boolean));
  names.add(name);
  root.dataset.thirdParties = [...names].join(' ');
}

const local =
  (name: string): (() => void) =>
  () =>
    markLoaded(name);

/**
 * spec 4: the shop's lazily loaded third parties. In this shop they are local stand-ins: the print editor's tools
 * (emoji picker, canvas renderer, colour picker, image export) warm the printing page's chunk; payment buttons,
 * photo gallery and reviews widget are local placeholders. The reviews widget is the only marketing one and
 * waits for marketing consent; the others are functional.
 */
export const SHOP_THIRD_PARTIES: readonly ThirdPartyLoader[] = [
  {
    name: 'editor-tools',
    consent: 'none',
    load: () =>
      import('../../pages/PrintingPage').then(() => {
        for (const tool of ['emoji-picker', 'canvas-renderer', 'colour-picker', 'image-export'])
          markLoaded(tool);
      }),
  },
  { name: 'payment-buttons', consent: 'none', load: local('payment-buttons') },
  { name: 'photo-gallery', consent: 'none', load: local('photo-gallery') },
  { name: 'reviews-widget', consent: 'marketing', load: local('reviews-widget') },
];
