import { Link } from 'react-router-dom';

/** The shop's logo linking home (text logo, so it needs no image request). */
export function Logo() {
  return (
    <Link to="/" className="logo" aria-label="Kennzeichen-Profi – zur Startseite">
      <span className="logo__plate" aria-hidden="true">
        KP
      </span>
      <span className="logo__name" translate="no">
        Kennzeichen-Profi
      </span>
    </Link>
  );
}
