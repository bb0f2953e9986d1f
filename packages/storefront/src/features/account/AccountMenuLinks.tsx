import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useShop } from '../../app/ShopContext';
import { forgetCheckoutDraft } from './forgetCheckoutDraft';
import { announceSignOut } from './sessionSignal';
import { useAccount } from './useAccount';
import { useSignedIn } from './useSignedIn';

/**
 * Issue 13: the menu's account entries as list items. 'Registrieren' leads to the registration while nobody is
 * logged in; 'Abmelden' shows only while someone is and signs out everywhere (every session, every tab).
 * Rendered only while the menu is open, so the one /me request happens on opening.
 */
export function AccountMenuLinks({ onDone }: { onDone(): void }) {
  const { reporter } = useShop();
  const account = useAccount();
  const navigate = useNavigate();
  const customer = useSignedIn(true);
  const [leaving, setLeaving] = useState(false);

  const signOut = async () => {
    setLeaving(true);
    try {
      await account.logout();
      announceSignOut();
      forgetCheckoutDraft();
      onDone();
      navigate('/account/login');
    } catch (error) {
      reporter.report(error, 'AccountMenuLinks', 'warning');
      setLeaving(false);
    }
  };

  if (customer) {
    return (
      <li>
        <button type="button" className="link-button" onClick={signOut} disabled={leaving}>
          Abmelden
        </button>
      </li>
    );
  }
  return (
    <li>
      <Link to="/account/register" onClick={onDone}>
        Registrieren
      </Link>
    </li>
  );
}
