import { useEffect, useState, useSyncExternalStore } from 'react';
import { checkoutDraft } from './checkoutDraft';
import { type CheckoutFormState, type CheckoutFormStore, createCheckoutFormStore } from './checkoutFormStore';

/**
 * The checkout form's store for one form (checkoutFormStore.ts): values restored from the session draft after mount
 * (the server renders the empty form, so hydration matches) and saved on every change; messages shown on blur and
 * on submit (decision: spec 5 rules with German inline messages).
 */
export function useCheckoutForm(): CheckoutFormStore {
  const [form] = useState(createCheckoutFormStore);
  useEffect(() => {
    form.restore(checkoutDraft.load());
    return form.subscribe((state, previous) => {
      if (state.values !== previous.values) checkoutDraft.save(state.values);
    });
  }, [form]);
  return form;
}

/** One part of the form's state; the component renders again only when that part changes. */
export function useCheckoutFormState<T>(form: CheckoutFormStore, select: (state: CheckoutFormState) => T): T {
  const snapshot = () => select(form.getState());
  return useSyncExternalStore(form.subscribe, snapshot, snapshot);
}
