import type { Customer } from '@lp/sdk/account';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ChangeEmailForm } from './ChangeEmailForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DeleteAccountForm } from './DeleteAccountForm';
import { ExportDataForm } from './ExportDataForm';
import { SETTINGS_TEXT } from './settingsText';

/**
 * "Kontoeinstellungen" on /account (session 20; decisions.md "The customer's own account settings"): each setting a
 * disclosure (`details`, keyboard and screen readers know it) with its form. After the deletion the goodbye takes
 * their place: what was deleted, what is kept and why; focus moves to its heading.
 */
export function AccountSettings({ customer, onDeleted }: { customer: Customer; onDeleted(): void }) {
  const [kept, setKept] = useState<string[] | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (kept) heading.current?.focus();
  }, [kept]);

  if (kept) {
    const text = SETTINGS_TEXT.goodbye;
    return (
      <section className="account-settings" aria-labelledby="account-goodbye">
        <h2 id="account-goodbye" ref={heading} tabIndex={-1}>
          {text.heading}
        </h2>
        <p>{text.deleted}</p>
        <p>{kept.length > 0 ? text.kept(kept) : text.none}</p>
        <p>
          <Link to="/">{text.home}</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="account-settings" aria-labelledby="account-settings">
      <h2 id="account-settings">{SETTINGS_TEXT.heading}</h2>
      <details>
        <summary>{SETTINGS_TEXT.password.summary}</summary>
        <ChangePasswordForm />
      </details>
      <details>
        <summary>{SETTINGS_TEXT.email.summary}</summary>
        <ChangeEmailForm customer={customer} />
      </details>
      <details>
        <summary>{SETTINGS_TEXT.data.summary}</summary>
        <ExportDataForm />
      </details>
      <details>
        <summary>{SETTINGS_TEXT.delete.summary}</summary>
        <DeleteAccountForm
          onDeleted={(orders) => {
            onDeleted();
            setKept(orders);
          }}
        />
      </details>
    </section>
  );
}
