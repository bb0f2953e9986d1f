import { createStore } from 'zustand/vanilla';

/** spec 9: toasts close after 5000 ms unless told otherwise. */
export const TOAST_TIMEOUT_MS = 5000;

export interface Toast {
  id: number;
  message: string;
  kind: 'info' | 'success' | 'error';
}

export interface ToastOptions {
  kind?: Toast['kind'];
  timeoutMs?: number;
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
    set({ toasts: [...get().toasts, { id, message, kind: options.kind ?? 'info' }] });
    setTimeout(() => get().dismiss(id), options.timeoutMs ?? TOAST_TIMEOUT_MS);
    return id;
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((toast) => toast.id !== id) });
  },
}));
