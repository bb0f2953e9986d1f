export { DEFAULT_TRACK_CATEGORY, createShopTracker } from './shopTracker';
export type { ShopTracker } from './shopTracker';
export { useTracker } from './useTracker';
