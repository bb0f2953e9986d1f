import { toastStore } from './toastStore';

/**
 * What a tap does to the toasts: a tap on a toast closes that toast; a tap elsewhere closes the confirmations
 * (info, success), which have said what they had to, while an error stays until its time-out or its close button,
 * so a shopper who was already tapping on does not lose it unread.
 */
export function dismissOnTap(target: EventTarget | null): void {
  const state = toastStore.getState();
  const tapped = target instanceof Element ? target.closest<HTMLElement>('[data-toast-id]') : null;
  if (tapped) state.dismiss(Number(tapped.dataset.toastId));
  else for (const toast of state.toasts) if (toast.kind !== 'error') state.dismiss(toast.id);
}
