/** @jsxImportSource preact */
import { useEffect } from 'preact/hooks';
import { editorTexts } from './editorTexts';

/** spec 8/9: an error toast with a close button, shown for `ms` (10 s for a failed upload). */
export function Toast({ message, ms, onClose }: { message: string; ms: number; onClose(): void }) {
  useEffect(() => {
    const timer = setTimeout(onClose, ms);
    return () => clearTimeout(timer);
  }, [message, ms, onClose]);
  return (
    <div class="toast" role="alert">
      <span>{message}</span>
      <button type="button" class="toast-close" aria-label={editorTexts.close} onClick={onClose}>
        ×
      </button>
    </div>
  );
}
