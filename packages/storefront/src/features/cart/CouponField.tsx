import type { CartCoupon } from '@lp/sdk/contract';
import { useCart } from '@lp/react';
import { useId, useState } from 'react';
import { useShop } from '../../app/ShopContext';
import { formatEuro } from '../../format';
import {
  COUPON_MESSAGES,
  type CouponOutcome,
  couponErrorMessage,
  couponSuccessMessage,
} from './couponMessages';
import { normaliseCouponCode } from './couponStorage';

/** What the field says about the cart's coupon when nothing was just done (issue 13: the server's word). */
function appliedText(coupon: CartCoupon): string {
  if (coupon.problem === 'coupon-minimum-not-reached')
    return `Gutschein ${coupon.code} gilt ab ${formatEuro(coupon.minOrderAmount)} Bestellwert und wird angerechnet, sobald dieser erreicht ist.`;
  if (coupon.problem === 'coupon-expired')
    return `Gutschein ${coupon.code} ist abgelaufen und wird nicht angerechnet.`;
  return `${couponSuccessMessage(coupon)} Er ist in der Gesamtsumme berücksichtigt.`;
}

/**
 * Coupon field of cart and checkout. Issue 13: the coupon belongs to the cart on the server (cart store
 * `applyCoupon` / `removeCoupon`), so the totals count it at once and a new session with the same cart keeps it.
 * Every outcome of spec 8 becomes a German message.
 */
export function CouponField(props: {
  /** The coupon of the cart shown (the cart page may show the server's snapshot); default: the cart store's. */
  coupon?: CartCoupon | null;
  /** Off while the page shows a cart the store has not loaded yet. */
  disabled?: boolean;
}) {
  const { sdk } = useShop();
  const id = useId();
  const stored = useCart(({ state }) => state.cart.coupon ?? null);
  const coupon = props.coupon === undefined ? stored : props.coupon;
  const [code, setCode] = useState(() => coupon?.code ?? '');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<CouponOutcome | null>(null);

  const submit = async () => {
    if (busy || props.disabled) return;
    const clean = normaliseCouponCode(code);
    if (!clean) return setOutcome({ ok: false, message: COUPON_MESSAGES.empty });
    setBusy(true);
    try {
      const cart = await sdk.cartStore.getState().applyCoupon(clean);
      setCode(cart.coupon?.code ?? clean);
      setOutcome(cart.coupon ? { ok: true, message: couponSuccessMessage(cart.coupon) } : null);
    } catch (error) {
      setOutcome({ ok: false, message: couponErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (busy || props.disabled) return;
    setBusy(true);
    try {
      await sdk.cartStore.getState().removeCoupon();
      setCode('');
      setOutcome({ ok: true, message: 'Der Gutschein wurde entfernt.' });
    } catch (error) {
      setOutcome({ ok: false, message: couponErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="coupon-field"
      method="post"
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
        {/* aria-disabled, not disabled: focus stays on the buttons while a check runs. */}
        <button type="submit" className="button" aria-disabled={busy || props.disabled}>
          Einlösen
        </button>
      </div>
      <p
        id={`${id}-message`}
        className={outcome ? (outcome.ok ? 'coupon-ok' : 'field-error') : undefined}
        role="status"
      >
        {outcome?.message ?? (coupon ? appliedText(coupon) : '')}
      </p>
      {coupon && (
        <button
          type="button"
          className="link-button"
          aria-disabled={busy || props.disabled}
          onClick={() => void remove()}
        >
          Gutschein <span translate="no">{coupon.code}</span> entfernen
        </button>
      )}
    </form>
  );
}
