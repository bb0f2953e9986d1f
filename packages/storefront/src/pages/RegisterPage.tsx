import type { Customer } from '@lp/sdk/account';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useShop } from '../app/ShopContext';
import { RegisterForm } from '../features/account/RegisterForm';
import { ResendConfirmation } from '../features/account/ResendConfirmation';
import { attachCartToUser } from '../features/account/attachCart';
import { useAccount } from '../features/account/useAccount';

/**
 * /account/register (issue 13): create an account with email and password. The new account is logged in at once
 * (the cart becomes the customer's); the page then says where the confirmation mail went, and in the demo links
 * the sandbox outbox that holds it.
 */
export function Component() {
  const { sdk, reporter } = useShop();
  const account = useAccount();
  const navigate = useNavigate();
  const [done, setDone] = useState<(Customer & { outboxUrl?: string }) | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // Already logged in: the account is where registering would lead.
  useEffect(() => {
    let live = true;
    account
      .me()
      .then((customer) => live && customer && !done && navigate('/account', { replace: true }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [account, navigate, done]);

  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done]);

  const registered = async (customer: Customer & { outboxUrl?: string }) => {
    try {
      await attachCartToUser(sdk);
    } catch (error) {
      reporter.report(error, 'RegisterPage', 'warning');
    }
    setDone(customer);
  };

  return (
    <section className="login-page">
      {done ? (
        <div className="register-done">
          <h1 ref={heading} tabIndex={-1}>
            Willkommen, {done.name}!
          </h1>
          <p role="status">
            Ihr Kundenkonto ist angelegt. Wir haben Ihnen eine E-Mail an <strong>{done.email}</strong>{' '}
            geschickt. Bitte bestätigen Sie Ihre E-Mail-Adresse mit dem Link darin: Danach erscheinen auch
            Bestellungen, die Sie ohne Kundenkonto mit dieser Adresse aufgegeben haben, in Ihrem Konto.
          </p>
          {done.outboxUrl && (
            <p className="sandbox-note">
              Demo-Shop: E-Mails werden nicht versendet.{' '}
              <a href={done.outboxUrl}>E-Mail im Sandbox-Postausgang ansehen</a>
            </p>
          )}
          <p>Keine E-Mail erhalten? Sehen Sie auch im Spam-Ordner nach.</p>
          <ResendConfirmation email={done.email} />
          <p>
            <Link to="/account">Zu meinem Konto</Link>
          </p>
        </div>
      ) : (
        <>
          <h1>Registrieren</h1>
          <p>Mit einem Kundenkonto sehen Sie Ihre Bestellungen und Designs an einem Ort.</p>
          <RegisterForm onRegistered={registered} />
        </>
      )}
    </section>
  );
}
