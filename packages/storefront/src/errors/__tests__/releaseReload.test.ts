// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadForRelease, reloadIfGone } from '../releaseReload';

/** A tab: session storage as a browser's (named properties are items, kept as strings) and a reload spy. */
function tab(storage: 'ok' | 'refuses' = 'ok') {
  const items = new Map<string, string>();
  const sessionStorage = new Proxy(
    {},
    {
      get: (_target, key) => items.get(String(key)),
      set: (_target, key, value) => {
        if (storage === 'refuses')
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        items.set(String(key), String(value));
        return true;
      },
    },
  );
  const reload = vi.fn();
  vi.stubGlobal('sessionStorage', sessionStorage);
  vi.stubGlobal('location', { href: 'http://shop.test/funschild', reload });
  return reload;
}

/** A clock in the afternoon of a release day. */
const T = Date.parse('2026-11-26T15:00:00Z');
const at = (ms: number) => vi.setSystemTime(T + ms);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// What the browsers say when a module script did not load (a failed `import()` is a TypeError).
const CHROMIUM = new TypeError(
  'Failed to fetch dynamically imported module: http://shop.test/assets/ProductPage-qk2KCEUN.js',
);
const FIREFOX = new TypeError('error loading dynamically imported module: http://shop.test/assets/x.js');
const SAFARI = new TypeError('Importing a module script failed.');

describe('reloadForRelease: a chunk a release removed', () => {
  it.each([CHROMIUM, FIREFOX, SAFARI])('loads the address once in full for "%s"', (error) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
    const reload = tab();
    expect(reloadForRelease(error)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again within a minute (the chunk is missing in the new build too: no loop)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const reload = tab();
    at(0);
    expect(reloadForRelease(CHROMIUM)).toBe(true);
    at(30_000);
    expect(reloadForRelease(CHROMIUM)).toBe(false);
    at(59_999);
    expect(reloadForRelease(FIREFOX)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // A minute later (the next release) the tab may load in full again.
    at(60_000);
    expect(reloadForRelease(CHROMIUM)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it.each([
    new TypeError('Failed to fetch'),
    new TypeError("Cannot read properties of undefined (reading 'Name')"),
    new Error('Failed to fetch dynamically imported module'),
    null,
    undefined,
    'Failed to fetch dynamically imported module',
    { message: 'Importing a module script failed.' },
  ])('leaves every other error (%s) to the error page', (error) => {
    const reload = tab();
    expect(reloadForRelease(error)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload offline (the chunk failed for want of a network; the error page stays)', () => {
    const reload = tab();
    vi.stubGlobal('navigator', { onLine: false });
    expect(reloadForRelease(CHROMIUM)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload when session storage refuses (it could not tell a loop)', () => {
    const reload = tab('refuses');
    expect(reloadForRelease(CHROMIUM)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('answers false where there is no window (the server renders the error page)', () => {
    expect(reloadForRelease(CHROMIUM)).toBe(false);
  });
});

describe('reloadIfGone: an import inside a page (session 26)', () => {
  /** The shop's answer to the HEAD request for the failed module: a status, or a lost connection. */
  const server = (answer: number | 'unreachable') => {
    const asked: { url: string; method?: string }[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      asked.push({ url, method: init?.method });
      if (answer === 'unreachable') throw new TypeError('Failed to fetch');
      return new Response(null, { status: answer });
    });
    return asked;
  };

  it.each([404, 410])('reloads once when the module answers %i (a release removed it)', async (status) => {
    const reload = tab();
    const asked = server(status);
    expect(await reloadIfGone(CHROMIUM)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(asked).toEqual([{ url: 'http://shop.test/assets/ProductPage-qk2KCEUN.js', method: 'HEAD' }]);
  });

  it.each([200, 503, 'unreachable'] as const)(
    'leaves the failure to the caller when the module answers %s (a lost connection, not a release)',
    async (answer) => {
      const reload = tab();
      server(answer);
      expect(await reloadIfGone(FIREFOX)).toBe(false);
      expect(reload).not.toHaveBeenCalled();
    },
  );

  it("reloads as before for Safari's message, which names no module", async () => {
    const reload = tab();
    const asked = server(200);
    expect(await reloadIfGone(SAFARI)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(asked).toEqual([]);
  });
});
