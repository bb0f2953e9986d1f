/** The gap between the toasts and what they keep clear of (the header, a focused control). */
const GAP = 8;

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const overlaps = (a: Box, b: Box) =>
  a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;

/**
 * Where the toast stack starts (its `top` in px; undefined: the stylesheet's 16 px). Session 11: 8 px below the
 * header while the header is on screen. Session 25, accountfollow (WCAG 2.4.11): the control that has the keyboard
 * focus is never under the stack. A shopper who tabs to the header's cart link while the header was hidden when the
 * toast appeared brings the header back, and the toast placed for the hidden header lay over the link (at 390 and
 * 1280 px). Such a control pushes the stack below itself, or above when there is no room below.
 */
export function toastTop(stack: HTMLElement, focused: Element | null): number | undefined {
  const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
  const top = header > 0 ? header + GAP : undefined;
  if (!focused || focused === document.body || stack.contains(focused)) return top;
  const { left, right, height } = stack.getBoundingClientRect();
  const from = top ?? 16;
  const control = focused.getBoundingClientRect();
  if (!overlaps(control, { top: from, bottom: from + height, left, right })) return top;
  const below = control.bottom + GAP;
  return below + height <= window.innerHeight ? below : Math.max(GAP, control.top - GAP - height);
}
