import { registerIcons } from './iconRegistry';

/**
 * The four social networks and the four payment marks of spec 1, symbols of icons.svg. Only the footer and the
 * mobile menu show them, and both load after hydration: they import this module.
 */
export const BRAND_ICONS = [
  'facebook',
  'instagram',
  'youtube',
  'tiktok',
  'paypal',
  'visa',
  'mastercard',
  'amex',
] as const;

registerIcons(BRAND_ICONS);
