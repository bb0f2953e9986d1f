import { useState } from 'react';
import { useAccountSettings } from './useAccountSettings';
import { CurrentPasswordField, FormAlert, FormEnd } from './SettingsField';
import { SETTINGS_TEXT } from './settingsText';
import { useSettingsForm } from './useSettingsForm';

const TEXT = SETTINGS_TEXT.delete;

/**
 * "Konto löschen" (session 20, DSGVO art. 17): what is deleted and what is kept (and why) before the click, an
 * explicit tick and the current password. The erasure is the operator command's; `onDeleted` gets the numbers of the
 * placed orders kept as sales records.
 */
export function DeleteAccountForm({ onDeleted }: { onDeleted(keptOrders: string[]): void }) {
  const account = useAccountSettings();
  const form = useSettingsForm();
  const [confirmed, setConfirmed] = useState(false);
  const [password, setPassword] = useState('');
  const checkId = `${form.id}-confirm`;
  const checkError = form.errors.confirm;

  const local = () => {
    const errors: Record<string, string> = {};
    if (!confirmed) errors.confirm = TEXT.confirmMissing;
    if (!password) errors.password = SETTINGS_TEXT.currentMissing;
    return errors;
  };
  const erase = async () => {
    const { keptOrders } = await account.deleteAccount(password, true);
    onDeleted(keptOrders);
    return '';
  };

  return (
    <form
      className="login-form"
      method="post"
      noValidate
      aria-busy={form.busy}
      onSubmit={form.submit(local, erase)}
    >
      <p id={`${form.id}-intro`}>{TEXT.intro}</p>
      <FormAlert form={form} />
      <p className="account-settings__check">
        <input
          ref={form.input('confirm')}
          id={checkId}
          type="checkbox"
          checked={confirmed}
          onChange={(event) => setConfirmed(event.target.checked)}
          aria-invalid={checkError ? true : undefined}
          aria-describedby={[checkError && `${checkId}-error`, `${form.id}-intro`].filter(Boolean).join(' ')}
        />{' '}
        <label htmlFor={checkId}>{TEXT.confirm}</label>
      </p>
      {checkError && (
        <p id={`${checkId}-error`} className="field-error login-form__error">
          {checkError}
        </p>
      )}
      <CurrentPasswordField form={form} value={password} onChange={setPassword} />
      <FormEnd form={form} button={TEXT.button} />
    </form>
  );
}
