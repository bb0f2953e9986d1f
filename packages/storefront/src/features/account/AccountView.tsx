import type { Customer } from '@lp/sdk/account';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useShop } from '../../app/ShopContext';
import { OrderHistory } from './OrderHistory';
import { forgetAccountCart } from './forgetAccountCart';
import { forgetCheckoutDraft } from './forgetCheckoutDraft';
import { announceSignOut, onSignOut } from './sessionSignal';
import { useAccount } from './useAccount';

// Session 20: the settings forms (password, address, data, deletion) are below the orders: a chunk of their own.
const AccountSettings = lazy(() =>
  import('./settings/AccountSettings').then((module) => ({ default: module.AccountSettings })),
);

/**
 * The logged-in part of /account (issue 6): who is logged in, 'Abmelden', the order history and, since session 20,
 * the account's settings. A chunk of its own (pages/AccountPage.tsx loads it while it asks who is logged in), so the
 * route's first script is the page's frame only. After the account's deletion only the settings' goodbye stays.
 */
export function AccountView({ customer }: { customer: Customer }) {
  const { sdk, reporter } = useShop();
  const account = useAccount();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const gone = useRef(false);

  // Issue 13: a sign-out in another tab ends this session too (the API deleted all of them): leave at once. Not
  // after this tab deleted the account: its goodbye stays on the page.
  useEffect(() => onSignOut(() => gone.current || navigate('/account/login', { replace: true })), [navigate]);

  const logout = async () => {
    setLeaving(true);
    try {
      await account.logout();
      announceSignOut();
      forgetCheckoutDraft();
      navigate('/account/login', { replace: true });
    } catch (error) {
      reporter.report(error, 'AccountPage', 'warning');
      setLeaving(false);
      setFailed(true);
    }
  };

  // The account is erased and every session ended: this browser forgets its cart and checkout as at 'Abmelden', and
  // the other tabs hear of it.
  const onDeleted = () => {
    gone.current = true;
    forgetAccountCart(sdk);
    forgetCheckoutDraft();
    announceSignOut();
    setDeleted(true);
  };

  if (failed) {
    return (
      <p role="alert">
        Ihr Konto ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut oder{' '}
        <Link to="/account/login">melden Sie sich erneut an</Link>.
      </p>
    );
  }
  return (
    <>
      {!deleted && (
        <>
          <div className="account-page__who">
            <p>
              Angemeldet als{' '}
              <strong>
                {customer.name} {customer.lastName}
              </strong>{' '}
              ({customer.email})
            </p>
            <button type="button" className="button button--outline" onClick={logout} disabled={leaving}>
              Abmelden
            </button>
          </div>
          <h2>Meine Bestellungen</h2>
          <OrderHistory customer={customer} />
          <p className="account-page__more">
            <Link to="/wishlist">Zum Merkzettel</Link>
          </p>
        </>
      )}
      <Suspense fallback={null}>
        <AccountSettings customer={customer} onDeleted={onDeleted} />
      </Suspense>
    </>
  );
}
