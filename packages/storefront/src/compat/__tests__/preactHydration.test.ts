// The browser build swaps React for these preact/compat wrappers (vite.config.ts). Checked here with the real
// pieces: React renders the server HTML, Preact hydrates it through the wrappers, in jsdom.
import { createElement as reactElement, useSyncExternalStore as reactStore } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isHydrating } from '../hydrationPhase';
import compatDefault, { useSyncExternalStore } from '../react';
import { createRoot, hydrateRoot } from '../reactDomClient';

/** A tiny external store like the wish list: the browser holds a value the server cannot know. */
function createCountStore(initial: number) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: number) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
type CountStore = ReturnType<typeof createCountStore>;

// One component source for both libraries (no JSX here: this file's JSX would compile to React).
interface Lib {
  h: typeof reactElement;
  useStore: typeof reactStore;
}
const REACT: Lib = { h: reactElement, useStore: reactStore };
const PREACT: Lib = {
  h: compatDefault.createElement as unknown as typeof reactElement,
  useStore: useSyncExternalStore as typeof reactStore,
};

function WishlistLink({
  lib,
  store,
  withServer = true,
}: {
  lib: Lib;
  store: CountStore;
  withServer?: boolean;
}) {
  const count = lib.useStore(store.subscribe, store.get, withServer ? () => 0 : undefined);
  return lib.h(
    'a',
    { href: '/wishlist', 'aria-label': `Merkzettel, ${count} Artikel` },
    lib.h('span', null, count),
  );
}

function ProductPage({ lib }: { lib: Lib }) {
  const { h } = lib;
  return h(
    'div',
    null,
    h('a', { href: '#main' }, 'Zum Inhalt'),
    h('main', { id: 'main' }, h('img', { src: '/p.svg', alt: '' })),
  );
}

function Broken(): never {
  throw new Error('kaputt');
}

const link = (lib: Lib, store: CountStore, withServer = true) =>
  lib.h(WishlistLink, { lib, store, withServer }) as never;

function serverPage(markup: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  return container;
}

const label = (container: HTMLElement) => container.querySelector('a')?.getAttribute('aria-label');

afterEach(() => {
  document.body.innerHTML = '';
  for (const preload of document.head.querySelectorAll('link')) preload.remove();
});

describe('preact/compat in the browser build: hydrating React markup', () => {
  it("adopts React's server markup with the server snapshot, then shows the browser's value", async () => {
    const store = createCountStore(2);
    const container = serverPage(renderToString(link(REACT, store)));
    const serverLink = container.querySelector('a');
    expect(label(container)).toBe('Merkzettel, 0 Artikel');

    hydrateRoot(container, link(PREACT, store));
    // Hydration adopted the server's nodes (no re-creation) and kept the server's answer for this render.
    expect(container.querySelector('a')).toBe(serverLink);
    expect(container.querySelector('span')?.textContent).toBe('0');
    expect(isHydrating()).toBe(false);

    // Right after, the stored value shows, in the attribute too (Preact does not patch attributes on hydrate).
    await vi.waitFor(() => expect(label(container)).toBe('Merkzettel, 2 Artikel'));
    expect(container.querySelector('span')?.textContent).toBe('2');
    expect(container.querySelector('a')).toBe(serverLink);

    // Later changes of the store arrive through the subscription.
    store.set(5);
    await vi.waitFor(() => expect(label(container)).toBe('Merkzettel, 5 Artikel'));
  });

  it('renders the browser value at once outside hydration (a later mount has no server markup to match)', () => {
    const container = serverPage('');
    createRoot(container).render(link(PREACT, createCountStore(3)));
    expect(label(container)).toBe('Merkzettel, 3 Artikel');
  });

  it('falls back to the browser value when a store has no server snapshot', () => {
    const store = createCountStore(4);
    const container = serverPage(renderToString(link(REACT, store)));
    hydrateRoot(container, link(PREACT, store, false));
    expect(container.querySelector('span')?.textContent).toBe('4');
  });

  it('clears the hydration mark when a component throws while hydrating, and passes the error on', () => {
    const container = serverPage(renderToString(link(REACT, createCountStore(0))));
    expect(() => hydrateRoot(container, PREACT.h(Broken) as never)).toThrow('kaputt');
    expect(isHydrating()).toBe(false);
  });

  it("moves React's own image preloads out of the way, so hydration keeps every top-level node in place", () => {
    const container = serverPage(renderToString(REACT.h(ProductPage, { lib: REACT })));
    // React 19 put a preload for the image in front of the component's markup.
    expect(container.firstElementChild?.tagName).toBe('LINK');
    const pageNode = container.querySelector('div');
    const moves: MutationRecord[] = [];
    const observer = new MutationObserver((records) => moves.push(...records));
    observer.observe(container, { childList: true, subtree: true });

    hydrateRoot(container, PREACT.h(ProductPage, { lib: PREACT }) as never);
    moves.push(...observer.takeRecords());
    observer.disconnect();

    expect(document.head.querySelector('link[rel="preload"][href="/p.svg"]')).not.toBeNull();
    expect(container.firstElementChild).toBe(pageNode);
    // Only the preload left; no node of the page was removed or re-inserted.
    expect(moves.flatMap((record) => [...record.addedNodes])).toEqual([]);
    expect(moves.flatMap((record) => [...record.removedNodes]).map((node) => node.nodeName)).toEqual([
      'LINK',
    ]);
  });

  it("gives `import React from 'react'` users (zustand) the same hook", () => {
    expect(compatDefault.useSyncExternalStore).toBe(useSyncExternalStore);
    expect(typeof compatDefault.useState).toBe('function');
  });
});
