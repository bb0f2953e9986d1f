import { type AccountService, createAccountService } from '@lp/sdk/account';
import { useMemo } from 'react';
import { useShop } from '../../app/ShopContext';

/** The account service on the shop's one SDK client (same origin, so the session cookie travels). */
export function useAccount(): AccountService {
  const { sdk } = useShop();
  return useMemo(() => createAccountService(sdk.client), [sdk]);
}
