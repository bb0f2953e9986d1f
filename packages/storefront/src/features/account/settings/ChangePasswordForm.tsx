import { useState } from 'react';
import { useAccountSettings } from './useAccountSettings';
import { CurrentPasswordField, FormAlert, FormEnd, SettingsField } from './SettingsField';
import { SETTINGS_TEXT } from './settingsText';
import { useSettingsForm } from './useSettingsForm';

const TEXT = SETTINGS_TEXT.password;

/**
 * "Passwort ändern" (session 20): the current password and a new one (registration's length; the API checks the
 * whole rule and its refusal shows the same message). This device stays logged in, the others are signed out.
 */
export function ChangePasswordForm() {
  const account = useAccountSettings();
  const form = useSettingsForm();
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');

  const local = () => {
    const errors: Record<string, string> = {};
    if (!password) errors.password = SETTINGS_TEXT.currentMissing;
    if (!newPassword) errors.newPassword = TEXT.missing;
    else if ([...newPassword].length < 8) errors.newPassword = TEXT.invalid;
    return errors;
  };
  const change = async () => {
    await account.changePassword(password, newPassword);
    setPassword('');
    setNewPassword('');
    return TEXT.done;
  };

  return (
    <form
      className="login-form"
      method="post"
      noValidate
      aria-busy={form.busy}
      onSubmit={form.submit(local, change, { validation: { field: 'newPassword', message: TEXT.invalid } })}
    >
      <FormAlert form={form} />
      <CurrentPasswordField form={form} value={password} onChange={setPassword} />
      <SettingsField
        form={form}
        name="newPassword"
        label={TEXT.label}
        autoComplete="new-password"
        hint={TEXT.hint}
        value={newPassword}
        onChange={setNewPassword}
      />
      <FormEnd form={form} button={TEXT.button} />
    </form>
  );
}
