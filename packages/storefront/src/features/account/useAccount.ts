import { type AccountService, createAccountService } from '@lp/sdk/account';
import type { SdkCore } from '@lp/sdk/compose';
import { useMemo } from 'react';
import { useShop } from '../../app/ShopContext';

/**
 * The account service on an SDK client, outside a component (features/withdrawal/accountOrderChoices.ts). Taken from
 * here, not from the SDK, so the service stays in this module's chunk: imported from a second place it became a chunk
 * of its own, one more file in every /account route's first script (session 25, accountfollow).
 */
export const accountServiceOf = (sdk: Pick<SdkCore, 'client'>): AccountService =>
  createAccountService(sdk.client);

/** The account service on the shop's one SDK client (same origin, so the session cookie travels). */
export function useAccount(): AccountService {
  const { sdk } = useShop();
  return useMemo(() => accountServiceOf(sdk), [sdk]);
}
