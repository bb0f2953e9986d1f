import { Link } from 'react-router-dom';

/**
 * The AGB consent, with the Widerrufsbelehrung taken note of (it is information, § 312d BGB, not a term one agrees
 * to); `showError` after a submit without it.
 */
export function TermsCheckbox({
  checked,
  showError,
  onChange,
}: {
  checked: boolean;
  showError: boolean;
  onChange(checked: boolean): void;
}) {
  const error = showError && !checked;
  return (
    <div className="checkout-terms">
      <label className="checkbox">
        <input
          id="checkout-terms"
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'checkout-terms-error' : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>
          Ich habe die <Link to="/agb">AGB</Link> gelesen und stimme ihnen zu. Die{' '}
          <Link to="/widerrufsrecht">Widerrufsbelehrung</Link> habe ich zur Kenntnis genommen.
        </span>
      </label>
      {error && (
        <p id="checkout-terms-error" className="field-message">
          Bitte stimmen Sie den AGB zu.
        </p>
      )}
    </div>
  );
}
