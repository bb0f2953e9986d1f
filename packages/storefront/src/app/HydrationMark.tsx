import { type ReactNode, useEffect } from 'react';
import { whenPartsHydrated } from './deferredPart';

/**
 * Marks `container` with `data-hydrated` once the page is interactive: React has committed the hydrated tree
 * (React 19 hydrates concurrently, so `hydrateRoot` returns before the page answers clicks; effects run only
 * after the commit) and the deferred parts of the chrome (app/deferredPart.tsx) have hydrated from their chunk.
 * Tests and monitoring scripts wait for the mark instead of acting on the server's markup alone.
 * Renders its children only (no element of its own), so the tree still equals the server's. `onHydrated` starts
 * what the page needs only from then on (the route loaders' chunk).
 */
export function HydrationMark({
  container,
  onHydrated,
  children,
}: {
  container: Element;
  onHydrated?: () => void;
  children: ReactNode;
}) {
  useEffect(() => {
    let current = true;
    void whenPartsHydrated().then(() => {
      if (!current) return;
      container.setAttribute('data-hydrated', '');
      onHydrated?.();
    });
    return () => {
      current = false;
    };
  }, [container, onHydrated]);
  return children;
}
