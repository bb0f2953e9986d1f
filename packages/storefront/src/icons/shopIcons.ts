import { registerIcons } from './iconRegistry';

/**
 * The shop's UI icons (24x24 lines in the current text colour), symbols of icons.svg. The social and payment marks
 * of the footer and the mobile menu are registered by brandIcons.ts.
 */
export const SHOP_ICONS = [
  'menu',
  'close',
  'cart',
  'arrow-up',
  'chevron-down',
  'phone',
  'check',
  'truck',
  'shield',
  'clock',
  'account',
  'heart',
  'search',
] as const;

registerIcons(SHOP_ICONS);
