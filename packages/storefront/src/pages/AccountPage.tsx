import type { Customer } from '@lp/sdk/account';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useShop } from '../app/ShopContext';
import { useAccount } from '../features/account/useAccount';

// Session 20: the logged-in view (orders, 'Abmelden', the settings) loads while the page asks who is logged in, so
// the route's first script stays the frame (its size guard; the settings made the view larger).
const loadView = () => import('../features/account/AccountView');
const AccountView = lazy(() => loadView().then((module) => ({ default: module.AccountView })));

/** /account (issue 6): the logged-in customer, their order history with designs, 'Abmelden' and the settings. */
export function Component() {
  const { reporter } = useShop();
  const account = useAccount();
  const navigate = useNavigate();
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    void loadView();
    account
      .me()
      .then((found) => {
        if (!live) return;
        if (found) setCustomer(found);
        else navigate('/account/login', { replace: true });
      })
      .catch((error: unknown) => {
        reporter.report(error, 'AccountPage', 'warning');
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [account, navigate, reporter]);

  const loading = <p role="status">Konto wird geladen …</p>;
  return (
    <section className="account-page" aria-busy={!customer && !failed}>
      <h1>Mein Konto</h1>
      {failed ? (
        <p role="alert">
          Ihr Konto ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut oder{' '}
          <Link to="/account/login">melden Sie sich erneut an</Link>.
        </p>
      ) : !customer ? (
        loading
      ) : (
        <Suspense fallback={loading}>
          <AccountView customer={customer} />
        </Suspense>
      )}
    </section>
  );
}
