import { type IconDefinition, registerIcons } from './iconRegistry';

const stroke = (d: string): IconDefinition => ({
  viewBox: '0 0 24 24',
  body: `<path d="${d}" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`,
});

// Payment marks are neutral text badges (no trademarked artwork is shipped with the project).
const badge = (label: string, fill: string, text = '#fff'): IconDefinition => ({
  viewBox: '0 0 64 40',
  body: `<rect width="64" height="40" rx="6" fill="${fill}"/><text x="32" y="25" font-family="Arial,sans-serif" font-size="${label.length > 6 ? 8.5 : 11}" font-weight="700" text-anchor="middle" fill="${text}">${label}</text>`,
});

/** The shop's icons: UI, the four social networks and the four payment marks of spec 1. */
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
  facebook: stroke('M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z'),
  instagram: stroke(
    'M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zM16 11.4A4 4 0 1 1 12.6 8 4 4 0 0 1 16 11.4zM17.5 6.5h.01',
  ),
  youtube: stroke(
    'M22.5 6.4a2.8 2.8 0 0 0-2-2C18.9 4 12 4 12 4s-6.9 0-8.5.4a2.8 2.8 0 0 0-2 2A29 29 0 0 0 1 12a29 29 0 0 0 .5 5.6 2.8 2.8 0 0 0 2 2c1.6.4 8.5.4 8.5.4s6.9 0 8.5-.4a2.8 2.8 0 0 0 2-2A29 29 0 0 0 23 12a29 29 0 0 0-.5-5.6zM9.8 15.5l5.7-3.5-5.7-3.5z',
  ),
  tiktok: stroke('M9 12a4 4 0 1 0 4 4V2c.5 2.5 2.5 4.5 5 5'),
  paypal: badge('PayPal', '#003087'),
  visa: badge('VISA', '#1a1f71'),
  mastercard: badge('Mastercard', '#222'),
  amex: badge('AMEX', '#006fcf'),
};

registerIcons(SHOP_ICONS);
