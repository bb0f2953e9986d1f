import type { Customer } from '@lp/sdk/account';
import { useEffect, useState } from 'react';
import { onSignOut } from './sessionSignal';
import { useAccount } from './useAccount';

/**
 * Issue 13: whether someone is logged in, asked from the API while `active` (the mobile menu asks when it opens,
 * so pages do not pay a request for it). `undefined` while unknown or on failure, `null` when nobody is; a
 * sign-out in another tab makes it `null` at once.
 */
export function useSignedIn(active: boolean): Customer | null | undefined {
  const account = useAccount();
  const [customer, setCustomer] = useState<Customer | null | undefined>(undefined);
  useEffect(() => {
    if (!active) return;
    let live = true;
    account.me().then(
      (found) => live && setCustomer(found),
      () => live && setCustomer(undefined),
    );
    const stop = onSignOut(() => live && setCustomer(null));
    return () => {
      live = false;
      stop();
    };
  }, [account, active]);
  return customer;
}
