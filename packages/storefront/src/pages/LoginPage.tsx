import type { Customer } from '@lp/sdk/account';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useShop } from '../app/ShopContext';
import { LoginForm } from '../features/account/LoginForm';
import { attachCartToUser } from '../features/account/attachCart';
import { useAccount } from '../features/account/useAccount';

/**
 * spec 2 /account/login (issue 6): log in against the API; afterwards the cart is the customer's. After a password
 * reset (pages/PasswordPage.tsx) it shows the reset's notice and starts with the account's address (history state).
 */
export function Component() {
  const { sdk, reporter } = useShop();
  const account = useAccount();
  const navigate = useNavigate();
  const state = useLocation().state as { email?: string; notice?: string } | null;

  // Already logged in (a session cookie from earlier): straight to the account.
  useEffect(() => {
    let live = true;
    account
      .me()
      .then((customer) => live && customer && navigate('/account', { replace: true }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [account, navigate]);

  const loggedIn = async (_customer: Customer) => {
    try {
      await attachCartToUser(sdk);
    } catch (error) {
      // The login stands; the cart stays usable by its guid even if linking it failed.
      reporter.report(error, 'LoginPage', 'warning');
    }
    navigate('/account');
  };

  return (
    <section className="login-page">
      <h1>Anmelden</h1>
      <p role={state?.notice && 'status'}>
        {state?.notice || 'Melden Sie sich an, um Ihre Bestellungen und Designs zu sehen.'}
      </p>
      <LoginForm key={state?.email} email={state?.email} onLoggedIn={loggedIn} />
    </section>
  );
}
