import { type ReactNode, useEffect } from 'react';

/**
 * Marks `container` with `data-hydrated` once React has committed the hydrated tree. React 19 hydrates
 * concurrently, so `hydrateRoot` returns before the page answers clicks; effects run only after the commit.
 * Tests and monitoring scripts wait for the mark instead of acting on the server's markup alone.
 * Renders its children only (no element of its own), so the tree still equals the server's.
 */
export function HydrationMark({ container, children }: { container: Element; children: ReactNode }) {
  useEffect(() => {
    container.setAttribute('data-hydrated', '');
  }, [container]);
  return children;
}
