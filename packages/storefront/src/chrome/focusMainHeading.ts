/**
 * Moves keyboard and screen-reader focus to the page's main heading (or the main region when a page has none), so
 * after a client navigation or after the focused control went away the reader hears where they are, and Tab goes on
 * from there instead of from the top of the document (WCAG 2.4.3). preventScroll: the caller decides the scroll.
 */
export function focusMainHeading(): void {
  const main = document.getElementById('main');
  const target = main?.querySelector<HTMLElement>('h1') ?? main;
  if (!target) return;
  // Headings are not focusable by default; -1 keeps them out of the Tab order.
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus({ preventScroll: true });
}
