import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ForgotPassword } from '../features/account/ForgotPassword';
import { ResetPassword } from '../features/account/ResetPassword';

/** Shown on the login after the new password is saved (history state, pages/LoginPage.tsx). */
export const RESET_DONE = 'Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an.';

/**
 * /account/password (session 16), the forgotten password: without a token the request for a reset mail, with the
 * mail's `?token=` the new password, then the login with a notice and the account's address filled in. The token
 * leaves the address bar as soon as the browser has read it (history, a shared screen, the page address in error
 * reports); it stays in this history entry's state, so a reload still has it.
 */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  // Read on every render: 'Neuen Link anfordern' leads to this route again, without a token.
  const token =
    new URLSearchParams(location.search).get('token') ?? (location.state as { token?: string } | null)?.token;

  useEffect(() => {
    if (token && location.search) navigate(location.pathname, { replace: true, state: { token } });
  }, [token, location.search, location.pathname, navigate]);

  // 'Neuen Link anfordern' (a used or expired link) shows the request on this same path, so the route's focus
  // handling (chrome/RouteFocus: pathname changes only) does not run and the focused link is gone: the heading of
  // the request takes the focus, and a screen reader says where the shopper now is.
  const heading = useRef<HTMLHeadingElement>(null);
  const hadToken = useRef(token !== undefined);
  useEffect(() => {
    if (hadToken.current && token === undefined) heading.current?.focus();
    hadToken.current = token !== undefined;
  }, [token]);

  return (
    <section className="login-page">
      {token === undefined ? (
        <>
          <h1 ref={heading} tabIndex={-1}>
            Passwort vergessen?
          </h1>
          <ForgotPassword />
        </>
      ) : (
        <>
          <h1>Neues Passwort festlegen</h1>
          <ResetPassword
            token={token}
            onDone={(email) =>
              navigate('/account/login', { replace: true, state: { email, notice: RESET_DONE } })
            }
          />
        </>
      )}
    </section>
  );
}
