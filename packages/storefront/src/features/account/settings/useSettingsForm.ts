import { isLpError } from '@lp/sdk';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { SETTINGS_TEXT } from './settingsText';

/** What an API refusal means to one form: a message at a field (focused) or in the form's alert (focused). */
export type Refusal = { field?: string; message: string };

/** Refusals every settings form meets the same way; a form adds or overrides its own. */
const COMMON: Record<string, Refusal> = {
  'password-wrong': { field: 'password', message: SETTINGS_TEXT.currentWrong },
  'login-rate-limited': { message: SETTINGS_TEXT.tooMany },
  'rate-limited': { message: SETTINGS_TEXT.tooMany },
  unauthorized: { message: SETTINGS_TEXT.signedOut },
  'email-unconfirmed': { message: SETTINGS_TEXT.unconfirmed },
};

/**
 * The behaviour the account's settings forms share (session 20), as the other account forms do it: field errors
 * with `aria-invalid` and `aria-describedby` and focus on the first; a refusal of the whole form in a focused
 * `role="alert"`; the result in a focused `role="status"`; the button disabled while the call runs.
 */
export function useSettingsForm() {
  const id = useId();
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});
  const alertRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // An object per refusal, so the same message twice still moves the focus.
  const [alert, setAlert] = useState<{ message: string } | null>(null);
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (alert) alertRef.current?.focus();
  }, [alert]);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) inputs.current[first]?.focus();
  };

  return {
    id,
    errors,
    alert,
    done,
    busy,
    alertRef,
    doneRef,
    /** The ref callback of the input named `name` (focused when its error shows). */
    input: (name: string) => (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    /**
     * Submits: `local` are the field errors found before any request (none: `action` runs). `action` answers the
     * result's text; an API refusal shows by `refusals` (a form's own, then the common ones), anything else as the
     * general failure.
     */
    submit:
      (
        local: () => Record<string, string>,
        action: () => Promise<string>,
        refusals: Record<string, Refusal> = {},
      ) =>
      async (event: FormEvent) => {
        event.preventDefault();
        if (busy) return;
        setAlert(null);
        setDone('');
        const found = local();
        showErrors(found);
        if (Object.keys(found).length > 0) return;
        setBusy(true);
        try {
          setDone(await action());
        } catch (error) {
          const code = isLpError(error) ? error.apiCode : undefined;
          const refusal = (code && (refusals[code] ?? COMMON[code])) || { message: SETTINGS_TEXT.failed };
          if (refusal.field) showErrors({ [refusal.field]: refusal.message });
          else setAlert({ message: refusal.message });
        } finally {
          setBusy(false);
        }
      },
  };
}

export type SettingsForm = ReturnType<typeof useSettingsForm>;
