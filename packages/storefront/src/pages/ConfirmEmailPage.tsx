import { isLpError } from '@lp/sdk';
import type { ConfirmEmailAnswer } from '@lp/sdk/account';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useShop } from '../app/ShopContext';
import { ResendConfirmation } from '../features/account/ResendConfirmation';
import { useAccount } from '../features/account/useAccount';

/** One request per token and page load, even if the effect runs twice (a token works only once). */
const confirming = new Map<string, Promise<ConfirmEmailAnswer>>();

/**
 * /account/confirm?token=… (issue 13): the page the confirmation mail links to. It spends the token once (a POST,
 * so link scanners that only GET do not confirm) and says how many earlier guest orders joined the account. Only the
 * account's own session confirms (session 18): without it the page asks the shopper to log in and open the link
 * again.
 */
export function Component() {
  const { reporter } = useShop();
  const account = useAccount();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [answer, setAnswer] = useState<ConfirmEmailAnswer | null>(null);
  const [failed, setFailed] = useState<'invalid' | 'login' | 'error' | null>(token ? null : 'invalid');

  useEffect(() => {
    if (!token) return;
    let live = true;
    let request = confirming.get(token);
    if (!request) {
      request = account.confirmEmail(token);
      confirming.set(token, request);
    }
    request.then(
      (confirmed) => live && setAnswer(confirmed),
      (error: unknown) => {
        if (!live) return;
        const invalid =
          isLpError(error) && (error.apiCode === 'confirmation-invalid' || error.status === 400);
        // Only a session of the account confirms its address (the API's 401): the link stays usable after a login.
        const login = isLpError(error) && error.status === 401;
        // A refused token is not spent: the next page load (after the login) asks again.
        if (!invalid) confirming.delete(token);
        if (!invalid && !login) reporter.report(error, 'ConfirmEmailPage', 'warning');
        setFailed(invalid ? 'invalid' : login ? 'login' : 'error');
      },
    );
    return () => {
      live = false;
    };
  }, [account, token, reporter]);

  return (
    <section className="login-page">
      <h1>E-Mail-Adresse bestätigen</h1>
      {answer ? (
        <>
          <p role="status">
            Vielen Dank! Ihre E-Mail-Adresse <strong>{answer.email}</strong> ist bestätigt.{' '}
            {answer.joinedOrders === 0
              ? 'Es gab keine früheren Bestellungen ohne Kundenkonto mit dieser Adresse.'
              : answer.joinedOrders === 1
                ? 'Eine frühere Bestellung ist jetzt in Ihrem Konto.'
                : `${answer.joinedOrders} frühere Bestellungen sind jetzt in Ihrem Konto.`}
          </p>
          <p>
            <Link to="/account">Zu meinen Bestellungen</Link>
          </p>
        </>
      ) : failed === 'login' ? (
        <p role="alert">
          Bitte melden Sie sich mit dem Kundenkonto dieser E-Mail-Adresse an und öffnen Sie den
          Bestätigungslink danach noch einmal. <Link to="/account/login">Zur Anmeldung</Link>
        </p>
      ) : failed ? (
        <>
          <p role="alert">
            {failed === 'invalid'
              ? 'Dieser Bestätigungslink ist ungültig, abgelaufen oder wurde schon verwendet.'
              : 'Die Bestätigung ist gerade nicht möglich. Bitte öffnen Sie den Link später noch einmal.'}{' '}
            <Link to="/account">Zu meinem Konto</Link>
          </p>
          {failed === 'invalid' && (
            <>
              <p>Sie können einen neuen Bestätigungslink anfordern:</p>
              <ResendConfirmation />
            </>
          )}
        </>
      ) : (
        <p role="status">E-Mail-Adresse wird bestätigt …</p>
      )}
    </section>
  );
}
