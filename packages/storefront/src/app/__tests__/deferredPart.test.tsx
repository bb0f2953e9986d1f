import { act } from '@testing-library/react';
import { type ComponentType, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { type Part, lazyPart, staticPart, whenPartsHydrated } from '../deferredPart';

/** A part that answers clicks once hydrated (its count goes up). */
function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <footer>
      <button type="button" onClick={() => setCount((value) => value + 1)}>
        {label} {count}
      </button>
    </footer>
  );
}

/** A page with a button of its own (hydrated at once) and the deferred part below it. */
function page(Deferred: Part<{ label: string }>) {
  return function Page() {
    const [clicks, setClicks] = useState(0);
    return (
      <>
        <button type="button" id="own" onClick={() => setClicks((value) => value + 1)}>
          Seite {clicks}
        </button>
        <Deferred label="Fußzeile" />
      </>
    );
  };
}

/** A chunk that arrives when the test says so. */
function chunk() {
  let arrive: (component: ComponentType<{ label: string }>) => void = () => {};
  const loading = new Promise<ComponentType<{ label: string }>>((resolve) => {
    arrive = resolve;
  });
  return { load: () => loading, arrive: () => arrive(Counter) };
}

let containers: HTMLElement[] = [];
afterEach(() => {
  for (const container of containers) container.remove();
  containers = [];
});

async function serverPage() {
  const ServerPage = page(staticPart(Counter));
  const html = renderToString(<ServerPage />);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  containers.push(container);
  return { html, container };
}

describe('deferred parts (selective hydration)', () => {
  it('renders the part in place on the server, inside a Suspense boundary', async () => {
    const { html } = await serverPage();
    expect(html).toMatch(
      /<!--\$--><footer><button type="button">Fußzeile.*0<\/button><\/footer><!--\/\$-->$/,
    );
  });

  it('keeps the server HTML until the chunk arrives, then hydrates it without a mismatch', async () => {
    const { container } = await serverPage();
    const serverFooter = container.querySelector('footer');
    const { load, arrive } = chunk();
    const Page = page(lazyPart('test-footer', load));
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Page />, { onRecoverableError: (error) => errors.push(error) });
    });
    let hydrated = false;
    void whenPartsHydrated().then(() => {
      hydrated = true;
    });
    // The page's own button works already (its re-render reaches the waiting boundary with equal props: memo keeps
    // React from giving up the server's HTML); the part still shows the server's HTML and waits.
    await act(async () => container.querySelector<HTMLButtonElement>('#own')?.click());
    expect(container.querySelector('#own')?.textContent).toBe('Seite 1');
    expect(container.querySelector('footer')).toBe(serverFooter);
    expect(hydrated).toBe(false);

    await act(async () => arrive());
    await act(async () => whenPartsHydrated());
    expect(hydrated).toBe(true);
    expect(container.querySelector('footer')).toBe(serverFooter);
    await act(async () => container.querySelector<HTMLButtonElement>('footer button')?.click());
    expect(container.querySelector('footer')?.textContent).toBe('Fußzeile 1');
    expect(errors).toEqual([]);
  });

  it('resolves at once when no deferred part was rendered, and waits for a part rendered but never loaded', async () => {
    await expect(whenPartsHydrated()).resolves.toBeUndefined();
    const { container } = await serverPage();
    const Page = page(lazyPart('test-never', () => new Promise(() => {})));
    await act(async () => {
      hydrateRoot(container, <Page />);
    });
    const outcome = await Promise.race([
      whenPartsHydrated().then(() => 'hydrated'),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 50)),
    ]);
    expect(outcome).toBe('waiting');
    expect(container.querySelector('footer')?.textContent).toBe('Fußzeile 0');
  });

  it('keeps the server HTML and reports the error when the chunk does not load', async () => {
    const { container } = await serverPage();
    const serverFooter = container.querySelector('footer');
    const reported: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      reported.push(event.error);
      event.preventDefault();
    };
    window.addEventListener('error', onError);
    const failure = new Error('Failed to fetch dynamically imported module');
    const Page = page(lazyPart('test-failed', () => Promise.reject(failure)));
    const errors: unknown[] = [];
    try {
      await act(async () => {
        hydrateRoot(container, <Page />, { onRecoverableError: (error) => errors.push(error) });
      });
      await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    } finally {
      window.removeEventListener('error', onError);
    }
    expect(reported).toEqual([failure]);
    expect(container.querySelector('footer')).toBe(serverFooter);
    expect(container.querySelector('footer')?.textContent).toBe('Fußzeile 0');
    expect(errors).toEqual([]);
  });
});
