import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Icon } from '../icons/Icon';
import { dismissOnTap } from './dismissOnTap';
import { toastTop } from './toastPlace';
import { toastStore } from './toastStore';

const EMPTY: never[] = [];

/**
 * spec 9: toasts top right with a close button. A toast never stands in the shopper's way: it appears below the
 * header while the header is on screen (the cart link is what a shopper wants after "in den Warenkorb"); on a
 * phone it spans the screen's width, so a tap on a toast closes it, and a tap anywhere else closes the
 * confirmations and still does what it was meant to (decisions.md, "Toasts get out of the way").
 * Session 25, accountfollow: the stack also keeps clear of the control with the keyboard focus (toastPlace.ts),
 * placed again when the focus moves, the page scrolls or the header has slid in or out.
 */
export function Toasts() {
  const toasts = useSyncExternalStore(
    toastStore.subscribe,
    () => toastStore.getState().toasts,
    () => EMPTY,
  );
  const showing = toasts.length > 0;
  const [top, setTop] = useState<number>();
  const stack = useRef<HTMLDivElement>(null);
  // Placed when toasts appear, and again a frame after a focus move, a scroll, the header's change of state (its
  // class) or the end of its slide: the focus's scroll and the header's return happen after the focus event.
  useLayoutEffect(() => {
    if (!showing) return;
    const place = () => stack.current && setTop(toastTop(stack.current, document.activeElement));
    place();
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    const events = ['focusin', 'scroll', 'transitionend'] as const;
    for (const name of events) document.addEventListener(name, later, { capture: true, passive: true });
    const header = new MutationObserver(later);
    const headerElement = document.querySelector('.site-header');
    if (headerElement) header.observe(headerElement, { attributeFilter: ['class'] });
    return () => {
      cancelAnimationFrame(frame);
      header.disconnect();
      for (const name of events) document.removeEventListener(name, later, { capture: true });
    };
  }, [showing]);
  useEffect(() => {
    if (!showing) return;
    const onPointerDown = (event: PointerEvent) => dismissOnTap(event.target);
    // Capture: a control that stops propagation still lets the toast go. Passive: the tap itself is untouched.
    document.addEventListener('pointerdown', onPointerDown, { capture: true, passive: true });
    return () => document.removeEventListener('pointerdown', onPointerDown, { capture: true });
  }, [showing]);
  return (
    <div ref={stack} className="toasts" aria-live="polite" style={top ? { top } : undefined}>
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
