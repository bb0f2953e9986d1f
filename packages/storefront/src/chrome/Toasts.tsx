import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { Icon } from '../icons/Icon';
import { dismissOnTap } from './dismissOnTap';
import { toastStore } from './toastStore';

const EMPTY: never[] = [];

/**
 * spec 9: toasts top right with a close button. A toast never stands in the shopper's way: it appears below the
 * header while the header is on screen (the cart link is what a shopper wants after "in den Warenkorb"); on a
 * phone it spans the screen's width, so a tap on a toast closes it, and a tap anywhere else closes the
 * confirmations and still does what it was meant to (decisions.md, "Toasts get out of the way").
 */
export function Toasts() {
  const toasts = useSyncExternalStore(
    toastStore.subscribe,
    () => toastStore.getState().toasts,
    () => EMPTY,
  );
  const showing = toasts.length > 0;
  const [top, setTop] = useState<number>();
  // Measured when toasts appear (not followed while they show: the header only moves on scrolling).
  useLayoutEffect(() => {
    if (!showing) return;
    const bottom = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
    setTop(bottom > 0 ? bottom + 8 : undefined);
  }, [showing]);
  useEffect(() => {
    if (!showing) return;
    const onPointerDown = (event: PointerEvent) => dismissOnTap(event.target);
    // Capture: a control that stops propagation still lets the toast go. Passive: the tap itself is untouched.
    document.addEventListener('pointerdown', onPointerDown, { capture: true, passive: true });
    return () => document.removeEventListener('pointerdown', onPointerDown, { capture: true });
  }, [showing]);
  return (
    <div className="toasts" aria-live="polite" style={top ? { top } : undefined}>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-toast-id={toast.id}
        >
          <span>{toast.message}</span>
          <button
            type="button"
            aria-label="Schließen"
            onClick={() => toastStore.getState().dismiss(toast.id)}
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
