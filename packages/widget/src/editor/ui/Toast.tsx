/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/hooks';
import { editorTexts } from './editorTexts';

/**
 * spec 8/9: an error toast with a close button, shown for `ms` (10 s for a failed upload). It is an alert (read out
 * at once, focus stays where it is: WCAG 4.1.3). While the mouse rests on it or focus is inside it, the timer waits
 * and starts again when they leave (WCAG 2.2.1: time to read it).
 */
export function Toast({ message, ms, onClose }: { message: string; ms: number; onClose(): void }) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(onClose, ms);
    return () => clearTimeout(timer);
  }, [message, ms, onClose, held]);
  // Touch fires pointerenter too, and its leave comes late: only a mouse resting on the toast holds it.
  const hover = (on: boolean) => (event: PointerEvent) => event.pointerType === 'mouse' && setHeld(on);
  return (
    <div
      class="toast"
      role="alert"
      onPointerEnter={hover(true)}
      onPointerLeave={hover(false)}
      onFocusIn={() => setHeld(true)}
      onFocusOut={() => setHeld(false)}
    >
      <span>{message}</span>
      <button type="button" class="toast-close" aria-label={editorTexts.close} onClick={onClose}>
        ×
      </button>
    </div>
  );
}
