import { useState } from 'react';
import { useAccountSettings } from './useAccountSettings';
import { CurrentPasswordField, FormAlert, FormEnd } from './SettingsField';
import { SETTINGS_TEXT } from './settingsText';
import { useSettingsForm } from './useSettingsForm';

const TEXT = SETTINGS_TEXT.data;

/** Saves `text` as a file in the browser's downloads (an object URL, revoked once the click has taken it). */
function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * "Meine Daten herunterladen" (session 20, DSGVO art. 15/20): with the current password, the document the operator's
 * `lp-api customer export` prints, saved as `meine-daten.json`.
 */
export function ExportDataForm() {
  const account = useAccountSettings();
  const form = useSettingsForm();
  const [password, setPassword] = useState('');

  const local = (): Record<string, string> => (password ? {} : { password: SETTINGS_TEXT.currentMissing });
  const download = async () => {
    const data = await account.exportData(password);
    saveFile('meine-daten.json', JSON.stringify(data, null, 2));
    setPassword('');
    return TEXT.done;
  };

  return (
    <form
      className="login-form"
      method="post"
      noValidate
      aria-busy={form.busy}
      onSubmit={form.submit(local, download)}
    >
      <p>{TEXT.intro}</p>
      <FormAlert form={form} />
      <CurrentPasswordField form={form} value={password} onChange={setPassword} />
      <FormEnd form={form} button={TEXT.button} />
    </form>
  );
}
