import { type IconDefinition, registerIcons } from './iconRegistry';
import { stroke } from './shopIcons';

// Payment marks are neutral text badges (no trademarked artwork is shipped with the project).
const badge = (label: string, fill: string, text = '#fff'): IconDefinition => ({
  viewBox: '0 0 64 40',
  body: `<rect width="64" height="40" rx="6" fill="${fill}"/><text x="32" y="25" font-family="Arial,sans-serif" font-size="${label.length > 6 ? 8.5 : 11}" font-weight="700" text-anchor="middle" fill="${text}">${label}</text>`,
});

/**
 * The four social networks and the four payment marks of spec 1. Only the footer and the mobile menu show them, and
 * both load after hydration: they import this module, so these icons stay out of every route's initial script.
 */
export const BRAND_ICONS: Record<string, IconDefinition> = {
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

registerIcons(BRAND_ICONS);
