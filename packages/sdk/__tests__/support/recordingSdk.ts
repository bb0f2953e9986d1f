// An SDK on a real API whose fetch records what it sends, and the error a call rejects with: the plain-JavaScript
// caller tests of sessions 22 and 23 (plainJsCallers, wrongTypesClient), which had written both twice.
import { expect } from 'vitest';
import { createMemoryStorage } from '../../src/appState';
import { createSdk } from '../../src/createSdk';

/**
 * An SDK on the API at `apiUrl` whose fetch records each request as `METHOD /path` (with its `?query` when `query`
 * is true), so a test can say what reached the API, or that nothing did.
 */
export function recordingSdk(apiUrl: string, options: { query?: boolean } = {}) {
  const sent: string[] = [];
  const sdk = createSdk({
    baseUrl: apiUrl,
    storage: createMemoryStorage(),
    retryDelayMs: 1,
    fetch: (url, init) => {
      const { pathname, search } = new URL(String(url));
      sent.push(`${init?.method ?? 'GET'} ${pathname}${options.query ? search : ''}`);
      return fetch(url, init);
    },
  });
  return { sdk, sent };
}

/** The error a call rejects with; fails the test when it resolves. */
export const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('resolved'),
    (error: unknown) => error,
  );
