import { useSyncExternalStore } from 'react';
import { Icon } from '../icons/Icon';
import { toastStore } from './toastStore';

const EMPTY: never[] = [];

/** spec 9: toasts top right with a close button. */
export function Toasts() {
  const toasts = useSyncExternalStore(
    toastStore.subscribe,
    () => toastStore.getState().toasts,
    () => EMPTY,
  );
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
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
