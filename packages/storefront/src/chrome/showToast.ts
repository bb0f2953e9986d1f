import type { ToastOptions } from './toastStore';

/**
 * Shows a toast after an action (the product form's and the configurator's add to cart). The store comes with an
 * import on use: the late chrome's toasts (chrome/lateChrome.ts) load it as every page starts, so it is there by
 * the time a shopper acts, and the product pages' initial script needs no chunk for it.
 */
export function showToast(message: string, options?: ToastOptions): void {
  void import('./toastStore').then(({ toastStore }) => toastStore.getState().show(message, options));
}
