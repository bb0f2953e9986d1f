import { Link } from 'react-router-dom';
import { Icon } from '../../icons/Icon';

/**
 * Issue 6: the header's account link. It always leads to /account, which sends visitors without a session on to
 * the login, so the header needs no API call on every page.
 */
export function AccountLink() {
  return (
    <Link to="/account" className="account-link" aria-label="Mein Konto">
      <Icon name="account" size={22} />
    </Link>
  );
}
