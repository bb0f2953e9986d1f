import { useEffect } from 'react';
import { useShop } from '../../app/ShopContext';
import { shareCartAcrossTabs } from './shareCartAcrossTabs';

/** Keeps this tab's cart equal to the shop's other tabs (shareCartAcrossTabs); renders nothing. */
export function CartAcrossTabs() {
  const { sdk } = useShop();
  useEffect(() => shareCartAcrossTabs(sdk.cartStore), [sdk]);
  return null;
}
