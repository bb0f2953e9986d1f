import type { LoaderFunctionArgs } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { lazyLoader, loadOnce } from '../src/routes/lazyLoader';

const args = (path: string) =>
  ({ request: new Request(`https://shop.example${path}`), params: {} }) as LoaderFunctionArgs;

describe('route loaders from their own chunk', () => {
  it('loads the loader code once, with the first navigation, and runs it for each', async () => {
    let loads = 0;
    const loader = lazyLoader(
      loadOnce(async () => {
        loads += 1;
        return async ({ request }) => new URL(request.url).pathname;
      }),
    );
    expect(loads).toBe(0);
    expect(await loader(args('/a'))).toBe('/a');
    expect(await loader(args('/b'))).toBe('/b');
    expect(loads).toBe(1);
  });

  it('asks for the chunk again after it failed to load (offline), so the next navigation works', async () => {
    let online = false;
    const loader = lazyLoader(
      loadOnce(async () => {
        if (!online) throw new TypeError('Failed to fetch dynamically imported module');
        return async () => 'Katalog';
      }),
    );
    await expect(loader(args('/catalog'))).rejects.toThrow('Failed to fetch');
    online = true;
    expect(await loader(args('/catalog'))).toBe('Katalog');
  });
});
