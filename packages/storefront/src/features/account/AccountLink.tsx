import { Link } from 'react-router-dom';

/**
 * Issue 6: the header's account link. It always leads to /account, which sends visitors without a session on to
 * the login, so the header needs no API call on every page.
 */
export function AccountLink() {
  return (
    <Link to="/account" className="account-link" aria-label="Mein Konto">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </Link>
  );
}
