import { useEffect, useRef } from 'react';
import type { OrderNotice } from './usePlaceOrder';

/** The running payment (with 'Zahlung fortsetzen' when this browser knows the order) or a failure text. */
export function OrderNotices({
  notice,
  coupon,
  busy,
  onResume,
}: {
  notice: OrderNotice;
  coupon: string;
  busy: boolean;
  onResume(headerGuid: string): void;
}) {
  const failure = useRef<HTMLParagraphElement>(null);
  // A notice the shopper must read before pressing again (a changed price) takes the focus, for screen readers too.
  useEffect(() => {
    if (notice?.kind === 'failure' && notice.focus) failure.current?.focus();
  }, [notice]);
  if (notice?.kind === 'payment-running') {
    const { headerGuid } = notice;
    return (
      <div className="field-message" role="alert">
        <p>Für diesen Warenkorb läuft bereits eine Zahlung.</p>
        <p>
          Ihre neuen Angaben
          {coupon ? ` und der Gutschein „${coupon}“ wurden` : ' wurden'} dafür nicht übernommen.
        </p>
        {headerGuid && (
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => onResume(headerGuid)}
          >
            Zahlung fortsetzen
          </button>
        )}
      </div>
    );
  }
  if (notice?.kind !== 'failure') return null;
  return (
    <p className="field-message" role="alert" tabIndex={-1} ref={failure}>
      {notice.text}
    </p>
  );
}
