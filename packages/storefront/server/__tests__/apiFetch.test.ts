// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createApiFetch, outsidePages, withApiDeadline } from '../apiFetch';

/** A fetch that answers `status` after `delayMs`, or never when delayMs is Infinity; it honours the signal. */
const fakeApi =
  (status: number, delayMs = 0): typeof fetch =>
  (_input, init) =>
    new Promise((done, fail) => {
      const signal = init?.signal;
      if (signal?.aborted) return fail(signal.reason);
      const timer = Number.isFinite(delayMs)
        ? setTimeout(() => done(new Response('{}', { status })), delayMs)
        : undefined;
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        fail(signal.reason);
      });
    });

describe('the server-side API fetch', () => {
  it('passes answers through and notes nothing when the API is fine', async () => {
    const apiFetch = createApiFetch(1000, fakeApi(200));
    const outcome = await withApiDeadline(1000, async () => (await apiFetch('http://api.invalid/x')).status);
    expect(outcome).toEqual({ fault: undefined, result: 200 });
  });

  it('cuts a slow API at the page deadline, shared by all calls of the page', async () => {
    const apiFetch = createApiFetch(10_000, fakeApi(200, Number.POSITIVE_INFINITY));
    const started = Date.now();
    const outcome = await withApiDeadline(80, async () => {
      await apiFetch('http://api.invalid/a').catch(() => undefined);
      await apiFetch('http://api.invalid/b'); // the deadline is used up: fails at once
    });
    expect(outcome.fault).toBe('slow');
    expect(outcome.error).toBeDefined();
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('notes an unreachable API and 502-504 answers as down, a 404 or 500 as nothing', async () => {
    const refused: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    expect((await withApiDeadline(1000, () => createApiFetch(1000, refused)('http://x.invalid'))).fault).toBe(
      'down',
    );
    for (const status of [502, 503, 504]) {
      const outcome = await withApiDeadline(1000, () =>
        createApiFetch(1000, fakeApi(status))('http://x.invalid'),
      );
      expect(outcome.fault, String(status)).toBe('down');
    }
    for (const status of [404, 500]) {
      const outcome = await withApiDeadline(1000, () =>
        createApiFetch(1000, fakeApi(status))('http://x.invalid'),
      );
      expect(outcome.fault, String(status)).toBeUndefined();
    }
  });

  it("does not blame the API for the caller's own abort", async () => {
    const apiFetch = createApiFetch(1000, fakeApi(200, Number.POSITIVE_INFINITY));
    const outcome = await withApiDeadline(1000, () =>
      apiFetch('http://x.invalid', { signal: AbortSignal.abort() }),
    );
    expect(outcome.fault).toBeUndefined();
    expect(outcome.error).toBeDefined();
  });

  it('bounds calls outside a page (start-up, sitemap) by their own timeout', async () => {
    const apiFetch = createApiFetch(50, fakeApi(200, Number.POSITIVE_INFINITY));
    await expect(apiFetch('http://x.invalid')).rejects.toThrow();
  });

  it('names the shopper a page is rendered for in each of its calls, and nobody outside a page', async () => {
    // Session 20: the API limits searches per client; /suche's first view searches from the server.
    const sent: Headers[] = [];
    const recording: typeof fetch = async (_input, init) => {
      sent.push(new Headers(init?.headers));
      return new Response('{}');
    };
    const apiFetch = createApiFetch(1000, recording);
    const shopper = { 'x-forwarded-for': '203.0.113.5', 'x-lp-proxy-secret': 'storefront-secret-0123456789' };
    await withApiDeadline(
      1000,
      async () => {
        // The call's own headers stay; a forwarding header of its own cannot name another client.
        await apiFetch('http://api.invalid/a', {
          headers: { accept: 'application/json', 'x-forwarded-for': '6.6.6.6' },
        });
        // The catalogue kept for every request is no page's (entry-server.tsx): it names nobody.
        await outsidePages(apiFetch)('http://api.invalid/catalogue');
      },
      shopper,
    );
    await apiFetch('http://api.invalid/start-up');
    expect(sent[0]?.get('accept')).toBe('application/json');
    expect(sent[0]?.get('x-forwarded-for')).toBe('203.0.113.5');
    expect(sent[0]?.get('x-lp-proxy-secret')).toBe(shopper['x-lp-proxy-secret']);
    for (const other of sent.slice(1)) {
      expect(other.get('x-forwarded-for')).toBeNull();
      expect(other.get('x-lp-proxy-secret')).toBeNull();
    }
  });
});
