import type { Customer } from '@lp/sdk/account';
import { isValidEmail } from '@lp/sdk/validation';
import { useState } from 'react';
import { useAccountSettings } from './useAccountSettings';
import { CurrentPasswordField, FormAlert, FormEnd, SettingsField } from './SettingsField';
import { SETTINGS_TEXT } from './settingsText';
import { useSettingsForm } from './useSettingsForm';

const TEXT = SETTINGS_TEXT.email;
/** The page the confirmation link opens (routes: account/confirm), the registration's. */
const CONFIRM_PATH = '/account/confirm';

/**
 * "E-Mail-Adresse ändern" (session 20): the new address and the current password. A link goes to the new address;
 * the address changes when it is opened while logged in (the confirmation page of registration's link).
 */
export function ChangeEmailForm({ customer }: { customer: Customer }) {
  const account = useAccountSettings();
  const form = useSettingsForm();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [outboxUrl, setOutboxUrl] = useState<string | undefined>();

  const local = () => {
    const errors: Record<string, string> = {};
    const address = email.trim();
    if (!address) errors.email = TEXT.missing;
    else if (!isValidEmail(address)) errors.email = TEXT.invalid;
    else if (address.toLowerCase() === customer.email.toLowerCase()) errors.email = TEXT.same;
    if (!password) errors.password = SETTINGS_TEXT.currentMissing;
    return errors;
  };
  const change = async () => {
    const address = email.trim();
    const answer = await account.changeEmail(address, password, `${window.location.origin}${CONFIRM_PATH}`);
    setOutboxUrl(answer.outboxUrl);
    setPassword('');
    return TEXT.done(address);
  };

  return (
    <form
      className="login-form"
      method="post"
      noValidate
      aria-busy={form.busy}
      onSubmit={form.submit(local, change, {
        validation: { field: 'email', message: TEXT.invalid },
        'email-taken': { field: 'email', message: TEXT.taken },
        'rate-limited': { message: TEXT.wait },
      })}
    >
      <FormAlert form={form} />
      <SettingsField
        form={form}
        name="email"
        type="email"
        label={TEXT.label}
        autoComplete="email"
        value={email}
        onChange={setEmail}
      />
      <CurrentPasswordField form={form} value={password} onChange={setPassword} />
      <FormEnd form={form} button={TEXT.button}>
        {outboxUrl && (
          <p className="sandbox-note">
            Demo-Shop: E-Mails werden nicht versendet. <a href={outboxUrl}>{TEXT.outbox}</a>
          </p>
        )}
      </FormEnd>
    </form>
  );
}
