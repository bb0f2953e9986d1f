import type { Customer } from '@lp/sdk/account';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useShop } from '../app/ShopContext';
import { OrderHistory } from '../features/account/OrderHistory';
import { forgetCheckoutDraft } from '../features/account/forgetCheckoutDraft';
import { announceSignOut, onSignOut } from '../features/account/sessionSignal';
import { useAccount } from '../features/account/useAccount';

/** /account (issue 6): the logged-in customer, their order history with designs, and 'Abmelden'. */
export function Component() {
  const { reporter } = useShop();
  const account = useAccount();
  const navigate = useNavigate();
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [failed, setFailed] = useState(false);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    let live = true;
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

  // Issue 13: a sign-out in another tab ends this session too (the API deleted all of them): leave at once.
  useEffect(() => onSignOut(() => navigate('/account/login', { replace: true })), [navigate]);

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

  return (
    <section className="account-page" aria-busy={!customer && !failed}>
      <h1>Mein Konto</h1>
      {failed ? (
        <p role="alert">
          Ihr Konto ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut oder{' '}
          <Link to="/account/login">melden Sie sich erneut an</Link>.
        </p>
      ) : !customer ? (
        <p role="status">Konto wird geladen …</p>
      ) : (
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
    </section>
  );
}
