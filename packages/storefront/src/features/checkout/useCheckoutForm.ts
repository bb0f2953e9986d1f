import { useEffect, useRef, useState } from 'react';
import { checkoutDraft } from './checkoutDraft';
import {
  type AddressField,
  type CheckoutValues,
  FIELD_KEYS,
  type FieldKey,
  emptyCheckout,
  fieldError,
  normalisePhone,
  validateCheckout,
} from './checkoutFields';

/**
 * Form state of the checkout: values (restored from the session draft after mount, saved on every change),
 * messages shown on blur and on submit (decision: spec 5 rules with German inline messages).
 */
export function useCheckoutForm() {
  const [values, setValues] = useState<CheckoutValues>(emptyCheckout);
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const restored = useRef(false);
  // After mount: the server renders the empty form, the browser then fills in the draft (hydration matches).
  useEffect(() => {
    if (restored.current) checkoutDraft.save(values);
  }, [values]);
  useEffect(() => {
    restored.current = true;
    setValues(checkoutDraft.load());
  }, []);

  const recheck = (next: CheckoutValues, key: FieldKey) =>
    setErrors((current) =>
      current[key] === undefined ? current : { ...current, [key]: fieldError(next, key) || undefined },
    );

  return {
    values,
    errors,
    setContact(key: 'email' | 'phone', value: string) {
      const next = { ...values, [key]: value };
      setValues(next);
      recheck(next, key);
    },
    setAddress(group: 'shipping' | 'billing', field: AddressField, value: string) {
      const next = { ...values, [group]: { ...values[group], [field]: value } };
      setValues(next);
      recheck(next, `${group}.${field}`);
    },
    setBillingSame(same: boolean) {
      setValues({ ...values, billingSame: same });
      if (same)
        setErrors((current) =>
          Object.fromEntries(Object.entries(current).filter(([k]) => !k.startsWith('billing.'))),
        );
    },
    /** spec 5 check of one field when it loses focus (the phone is written as '+49 …' first). */
    blur(key: FieldKey) {
      let next = values;
      if (key === 'phone') {
        next = { ...values, phone: normalisePhone(values.phone) };
        setValues(next);
      }
      setErrors((current) => ({ ...current, [key]: fieldError(next, key) || undefined }));
    },
    /** Checks everything; answers the first invalid field key, or null. */
    validateAll(): FieldKey | null {
      const next = { ...values, phone: normalisePhone(values.phone) };
      setValues(next);
      const found = validateCheckout(next);
      setErrors(found);
      return FIELD_KEYS.find((key) => found[key]) ?? null;
    },
  };
}
