// The browser build's `react-dom/client` (vite.config.ts aliases it here): React's root API on preact/compat (as
// preact/compat/client does), with hydration marked so ./react's useSyncExternalStore renders server snapshots
// while the server's markup is adopted. Everything comes from the one `preact/compat` entry, so tests in Node load
// a single copy of Preact.
import type { ComponentChild, ContainerNode } from 'preact';
import { hydrate, render, unmountComponentAtNode } from 'preact/compat';
import { duringHydration } from './hydrationPhase';

export interface Root {
  render(children: ComponentChild): void;
  unmount(): void;
}

/** React's createRoot: renders into `container`, replacing what it holds. */
export function createRoot(container: ContainerNode): Root {
  return {
    render: (children) => render(children, container),
    unmount: () => {
      unmountComponentAtNode(container as Element);
    },
  };
}

/**
 * React's server render puts resource tags it creates itself (image preloads for the first images, React 19) at
 * the start of the markup, where no component renders them. React's hydration skips them; Preact would take them
 * as the first child and move every following top-level node (remove + insert). They have done their work once the
 * page loaded, so they move to the head, where they belong, and the markup matches the component tree.
 */
function moveHoistedResources(container: ContainerNode): void {
  const head = typeof document === 'undefined' ? null : document.head;
  let node = (container as unknown as Element).firstChild;
  while (head && node) {
    const next = node.nextSibling;
    if (node instanceof HTMLLinkElement || node instanceof HTMLMetaElement) head.append(node);
    else if (node.nodeType !== Node.COMMENT_NODE) break;
    node = next;
  }
}

/**
 * React's hydrateRoot signature; the options (onRecoverableError) have no Preact counterpart: Preact adopts the
 * markup without comparing it, so there is no recoverable mismatch to report.
 */
export function hydrateRoot(container: ContainerNode, children: ComponentChild, _options?: unknown): Root {
  moveHoistedResources(container);
  duringHydration(() => hydrate(children, container));
  return createRoot(container);
}

export default { createRoot, hydrateRoot };
