import { type AccountSettingsService, createAccountSettingsService } from '@lp/sdk/account';
import { useMemo } from 'react';
import { useShop } from '../../../app/ShopContext';

/** The settings' service (session 20) on the shop's one SDK client, like `useAccount` (same origin: the cookie). */
export function useAccountSettings(): AccountSettingsService {
  const { sdk } = useShop();
  return useMemo(() => createAccountSettingsService(sdk.client), [sdk]);
}
