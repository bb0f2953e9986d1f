import { type IconDefinition, registerIcons } from './iconRegistry';

/** A 24x24 line icon drawn with the current text colour. */
export const stroke = (d: string): IconDefinition => ({
  viewBox: '0 0 24 24',
  body: `<path d="${d}" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`,
});

/** The shop's UI icons; the social and payment marks of the footer and the mobile menu are in brandIcons.ts. */
export const SHOP_ICONS: Record<string, IconDefinition> = {
  menu: stroke('M3 6h18M3 12h18M3 18h18'),
  close: stroke('M6 6l12 12M18 6L6 18'),
  cart: stroke('M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6M10 21h.01M17 21h.01'),
  'arrow-up': stroke('M12 19V5M5 12l7-7 7 7'),
  'chevron-down': stroke('M6 9l6 6 6-6'),
  phone: stroke(
    'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z',
  ),
  check: stroke('M20 6L9 17l-5-5'),
  truck: stroke(
    'M1 3h15v13H1zM16 8h4l3 3v5h-7M5.5 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM18.5 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  ),
  shield: stroke('M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z'),
  clock: stroke('M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 6v6l4 2'),
};

registerIcons(SHOP_ICONS);
