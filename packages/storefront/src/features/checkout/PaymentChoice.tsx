import type { PaymentMethodId, PaymentType } from '@lp/sdk/contract';
import { Icon } from '../../icons/Icon';

const KNOWN_ICONS = new Set(['paypal', 'visa', 'mastercard', 'amex']);
// As the footer's PAYMENT_ICONS (chrome/navigation.ts) name them; importing that module here would split it into a
// chunk of its own that every route's entry then lists.
const BRAND_LABELS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
};

/** The company's payment types (spec 3) as a radio group; card shows its brand icons. All run in the sandbox. */
export function PaymentChoice({
  types,
  value,
  onChange,
}: {
  types: PaymentType[];
  value: PaymentMethodId | '';
  onChange(id: PaymentMethodId): void;
}) {
  return (
    <fieldset className="choice-fieldset">
      <legend>Zahlungsart</legend>
      {types.length === 0 && <p role="status">Zahlungsarten werden geladen …</p>}
      {types.map((type) => (
        <label key={type.id} className="choice">
          <input
            type="radio"
            name="paymentMethod"
            value={type.id}
            checked={value === type.id}
            onChange={() => onChange(type.id)}
          />
          <span className="choice-label">{type.name}</span>
          <span className="choice-icons">
            {(type.id === 'paypal' ? ['paypal'] : type.brands)
              .filter((brand) => KNOWN_ICONS.has(brand))
              .map((brand) => (
                // The PayPal logo repeats the option's name: decorative. Card brands carry their names as the
                // footer writes them ('American Express', not 'AMEX', which a screen reader may spell out).
                <Icon
                  key={brand}
                  name={brand}
                  label={type.id === 'paypal' ? undefined : BRAND_LABELS[brand]}
                  size={32}
                />
              ))}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
