import { useMemo } from 'react';
import { useShop } from '../../app/ShopContext';
import { type ShopTracker, createShopTracker } from './shopTracker';

/**
 * The shop tracker for components (spec 4 tracked shop events).
 *
 * @example
 * const tracker = useTracker();
 * useEffect(() => tracker.track('view_cart', { items: cart.items.map(tracker.fromCartItem) }), [cart.headerGuid]);
 */
export function useTracker(): ShopTracker {
  const { sdk, config } = useShop();
  return useMemo(() => createShopTracker(sdk, config.companyAlias), [sdk, config.companyAlias]);
}
