import { useId, useState } from 'react';
import { useShop } from '../../app/ShopContext';
import {
  COUPON_MESSAGES,
  type CouponOutcome,
  couponErrorMessage,
  couponSuccessMessage,
} from './couponMessages';
import { couponStorage, normaliseCouponCode } from './couponStorage';

/**
 * Coupon field of the cart: checks the code through sdk.coupons.validate (spec 7) and keeps a valid code for the
 * checkout, where it is applied to the saved order. Every outcome of spec 8 becomes a German message.
 */
export function CouponField({ onChange }: { onChange?(code: string): void }) {
  const { sdk } = useShop();
  const id = useId();
  const [code, setCode] = useState(() => couponStorage.get());
  const [applied, setApplied] = useState(() => couponStorage.get());
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<CouponOutcome | null>(null);

  const submit = async () => {
    const clean = normaliseCouponCode(code);
    if (!clean) return setOutcome({ ok: false, message: COUPON_MESSAGES.empty });
    setBusy(true);
    try {
      const { UniqueId } = await sdk.getCompany();
      const coupon = await sdk.coupons.validate(clean, UniqueId);
      couponStorage.set(coupon.code);
      setApplied(coupon.code);
      setCode(coupon.code);
      onChange?.(coupon.code);
      setOutcome({ ok: true, message: couponSuccessMessage(coupon) });
    } catch (error) {
      setOutcome({ ok: false, message: couponErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const remove = () => {
    couponStorage.set('');
    setApplied('');
    setCode('');
    onChange?.('');
    setOutcome({ ok: true, message: 'Der Gutschein wurde entfernt.' });
  };

  return (
    <form
      className="coupon-field"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={`${id}-code`}>Gutscheincode</label>
      <div className="coupon-row">
        <input
          id={`${id}-code`}
          name="coupon"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          value={code}
          aria-describedby={`${id}-message`}
          aria-invalid={outcome && !outcome.ok ? true : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="button" disabled={busy}>
          Einlösen
        </button>
      </div>
      <p
        id={`${id}-message`}
        className={outcome ? (outcome.ok ? 'coupon-ok' : 'field-error') : undefined}
        role="status"
      >
        {outcome?.message ?? (applied ? `Gutschein ${applied} wird bei der Bestellung angerechnet.` : '')}
      </p>
      {applied && (
        <button type="button" className="link-button" onClick={remove}>
          Gutschein entfernen
        </button>
      )}
    </form>
  );
}
