import { isLpError } from '@lp/sdk';
import { createStore } from 'zustand/vanilla';
import { CART_FULL_TEXT, TOO_MANY_CHANGES_TEXT } from './refusalTexts';

/** spec 9: toasts close after 5000 ms unless told otherwise. */
export const TOAST_TIMEOUT_MS = 5000;

export interface Toast {
  id: number;
  message: string;
  kind: 'info' | 'success' | 'error';
}

/** Shown instead of an error toast's text when the request never reached the shop or got no answer in time. */
export const CONNECTION_LOST_TEXT =
  'Keine Verbindung zum Shop. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.';

export interface ToastOptions {
  kind?: Toast['kind'];
  timeoutMs?: number;
  /**
   * The failure behind an error toast. A lost connection (a phone out of signal) shows CONNECTION_LOST_TEXT: spec
   * 8's "bitte teilen Sie uns dies mit" asks the shopper to report a fault of the shop, where trying again is what
   * helps. Here, not at each caller, so the product pages' initial script does not carry the text.
   */
  cause?: unknown;
}

/**
 * The text for an error toast's failure: a lost connection, and (session 26, fleet) the API's refusals a shopper
 * can act on, a full cart and too many changes, get their own; anything else keeps the caller's text.
 */
function textFor(message: string, cause: unknown): string {
  if (!isLpError(cause)) return message;
  if (cause.code === 'network' || cause.code === 'timeout') return CONNECTION_LOST_TEXT;
  if (cause.apiCode === 'cart-line-limit') return CART_FULL_TEXT;
  return cause.apiCode === 'rate-limited' ? TOO_MANY_CHANGES_TEXT : message;
}

interface ToastState {
  toasts: Toast[];
  show(message: string, options?: ToastOptions): number;
  dismiss(id: number): void;
}

let nextId = 1;

/** Toasts of the page (top right, close button, time-out; spec 9). */
export const toastStore = createStore<ToastState>()((set, get) => ({
  toasts: [],
  show(message, options = {}) {
    const id = nextId++;
    set({
      toasts: [
        ...get().toasts,
        { id, message: textFor(message, options.cause), kind: options.kind ?? 'info' },
      ],
    });
    setTimeout(() => get().dismiss(id), options.timeoutMs ?? TOAST_TIMEOUT_MS);
    return id;
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((toast) => toast.id !== id) });
  },
}));
