import type { KeyboardEvent } from 'react';

/**
 * The `onKeyDown` of a modal region (a dialog, the open mobile menu): Tab from its last link or button goes to its
 * first and Shift+Tab from the first to the last, so keyboard focus never walks on into the page hidden behind it,
 * where a keyboard user cannot see what has focus (WCAG 2.4.3, 2.4.7).
 */
export function keepTabInside(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>('a[href], button')];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}
