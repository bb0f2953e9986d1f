import { compactVatId } from '@lp/sdk/validation';
import { createStore } from 'zustand/vanilla';
import {
  type CheckoutValues,
  FIELD_KEYS,
  type FieldKey,
  emptyCheckout,
  fieldError,
  normalisePhone,
  placeOf,
  validateCheckout,
} from './checkoutFields';

export interface CheckoutFormState {
  values: CheckoutValues;
  /** The message shown per field (set on blur and on submit; typing only updates or clears a shown one). */
  errors: Partial<Record<FieldKey, string>>;
}

/** What a field loses focus into: the phone as '+49 …', the USt-IdNr. without spaces ('DE136695976'). */
function written(values: CheckoutValues, key: FieldKey): CheckoutValues {
  if (key === 'phone') return { ...values, phone: normalisePhone(values.phone) };
  if (key === 'buyerVatId' && values.buyerVatId.trim())
    return { ...values, buyerVatId: compactVatId(values.buyerVatId) };
  return values;
}

/** The text of one field by its key ('email', 'shipping.city'). */
export function fieldValue(values: CheckoutValues, key: FieldKey): string {
  const [top, field] = placeOf(key);
  return field === undefined ? values[top] : values[top][field];
}

function withValue(values: CheckoutValues, key: FieldKey, value: string): CheckoutValues {
  const [top, field] = placeOf(key);
  return { ...values, [top]: field === undefined ? value : { ...values[top], [field]: value } };
}

/**
 * The checkout form's state outside React (zustand/vanilla): each field subscribes to its own text and message
 * (useCheckoutForm.ts), so a key press renders that field, not the whole form with its order review and summary.
 * Messages follow spec 5 rules: shown on blur and on submit, then kept current while the shopper corrects the field.
 *
 * @example
 * const form = createCheckoutFormStore();
 * form.set('shipping.city', 'Köln');
 * form.validateAll(); // 'email': the first field whose rule fails
 */
export function createCheckoutFormStore(initial: CheckoutValues = emptyCheckout()) {
  const store = createStore<CheckoutFormState>(() => ({ values: initial, errors: {} }));
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    /** Replaces every value (the saved draft after mount); messages stay as they are. */
    restore(values: CheckoutValues) {
      store.setState({ values });
    },
    /**
     * Session 20: puts in values the shopper chose (a saved address) or that were filled in for them; a message shown
     * on a field follows its new text, as when typing.
     */
    fill(values: CheckoutValues) {
      store.setState(({ errors }) => ({
        values,
        errors: Object.fromEntries(
          Object.keys(errors).map((key) => [key, fieldError(values, key as FieldKey) || undefined]),
        ),
      }));
    },
    set(key: FieldKey, value: string) {
      store.setState(({ values, errors }) => {
        const next = withValue(values, key, value);
        // A shown message follows the typing and goes when the text passes; none appears while typing.
        const shown = errors[key] !== undefined;
        return {
          values: next,
          errors: shown ? { ...errors, [key]: fieldError(next, key) || undefined } : errors,
        };
      });
    },
    setBillingSame(same: boolean) {
      store.setState(({ values, errors }) => ({
        values: { ...values, billingSame: same },
        errors: same
          ? Object.fromEntries(Object.entries(errors).filter(([key]) => !key.startsWith('billing.')))
          : errors,
      }));
    },
    /** spec 5 check of one field when it loses focus (the phone is written as '+49 …' first). */
    blur(key: FieldKey) {
      store.setState(({ values, errors }) => {
        const next = written(values, key);
        return { values: next, errors: { ...errors, [key]: fieldError(next, key) || undefined } };
      });
    },
    /** Checks everything (phone written as '+49 …'); answers the first invalid field key, or null. */
    validateAll(): FieldKey | null {
      const values = written(written(store.getState().values, 'phone'), 'buyerVatId');
      const errors = validateCheckout(values);
      store.setState({ values, errors });
      return FIELD_KEYS.find((key) => errors[key]) ?? null;
    },
  };
}

export type CheckoutFormStore = ReturnType<typeof createCheckoutFormStore>;
