import { useEffect, useId, useRef } from 'react';
import { keepTabInside } from '../../chrome/keepTabInside';

export interface ReminderDialogProps {
  count: number;
  /** 'Später', the close button, Escape and the backdrop. */
  onDismiss(): void;
  /** 'Zum Warenkorb'. */
  onCart(): void;
}

/**
 * The cart reminder's modal dialog (spec 2: 'Später', 'Zum Warenkorb'). Focus moves into it, Tab stays
 * inside, Escape dismisses, focus returns on close.
 */
export default function ReminderDialog({ count, onDismiss, onCart }: ReminderDialogProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const returnFocus = document.activeElement as HTMLElement | null;
    dialog.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => returnFocus?.focus?.();
  }, []);

  // A modal answers Escape wherever focus is (another overlay, such as the consent banner, may hold it).
  useEffect(() => {
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss();
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, [onDismiss]);

  return (
    <div className="cart-reminder">
      <button
        type="button"
        className="cart-reminder__backdrop"
        tabIndex={-1}
        aria-hidden="true"
        onClick={onDismiss}
      />
      <div
        ref={dialog}
        className="cart-reminder__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        // Tab stays inside the dialog (it is modal).
        onKeyDown={keepTabInside}
      >
        <button
          type="button"
          className="icon-button cart-reminder__close"
          aria-label="Schließen"
          onClick={onDismiss}
        >
          <span aria-hidden="true">×</span>
        </button>
        <h2 id={titleId}>Ihr Warenkorb wartet auf Sie</h2>
        <p>
          Sie haben noch {count === 1 ? '1 Artikel' : `${count} Artikel`} in Ihrem Warenkorb. Möchten Sie Ihre
          Bestellung abschließen?
        </p>
        <div className="cart-reminder__actions">
          <button type="button" className="button button--outline" onClick={onDismiss}>
            Später
          </button>
          <button type="button" className="button button--primary" data-autofocus onClick={onCart}>
            Zum Warenkorb
          </button>
        </div>
      </div>
    </div>
  );
}
