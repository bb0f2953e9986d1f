import { clientErrorPaths } from '@lp/sdk/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Api, call, makeApi, expectError } from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.db.query('DELETE FROM client_errors');
});

const path = clientErrorPaths.report;
const valid = {
  severity: 'error',
  component: 'route:/kategorie/:idOrName',
  message: 'Cannot read properties of undefined',
  url: 'https://shop.example.de/kategorie/auto',
};
const rows = () =>
  api.db.query<{ severity: string; component: string; message: string; url: string | null }>(
    'SELECT severity, component, message, url FROM client_errors ORDER BY id',
  );

describe('POST /api/ClientErrors (spec 8, issue 5)', () => {
  it('stores a report and answers 204 without a body', async () => {
    const res = await call(api, 'POST', path, { body: valid });
    expect(res.status).toBe(204);
    expect(res.raw.body).toBe('');
    expect(await rows()).toEqual([valid]);
  });

  it('stores a warning without url, and the path is case-insensitive', async () => {
    const res = await call(api, 'POST', '/api/clienterrors', {
      body: { severity: 'warning', component: 'window', message: 'x' },
    });
    expect(res.status).toBe(204);
    expect(await rows()).toEqual([{ severity: 'warning', component: 'window', message: 'x', url: null }]);
  });

  const bad: Array<[string, unknown]> = [
    ['no body', undefined],
    ['an array', [valid]],
    ['unknown severity', { ...valid, severity: 'fatal' }],
    ['severity as number', { ...valid, severity: 1 }],
    ['component missing', { severity: 'error', message: 'm' }],
    ['message missing', { severity: 'error', component: 'c' }],
    ['message as object', { ...valid, message: { toString: 'x' } }],
    ['empty component', { ...valid, component: '' }],
    ['component of only control characters', { ...valid, component: '\u0000\u001b' }],
    ['component too long', { ...valid, component: 'c'.repeat(201) }],
    ['message too long', { ...valid, message: 'm'.repeat(2001) }],
    ['url too long', { ...valid, url: `https://x.de/${'a'.repeat(2000)}` }],
    ['javascript: url', { ...valid, url: 'javascript:alert(1)' }],
    ['url without host', { ...valid, url: 'https://' }],
    ['unknown field', { ...valid, stack: 'at x' }],
    ['huge body', { ...valid, message: 'm'.repeat(100_000) }],
  ];
  it.each(bad)('rejects %s with 400 and stores nothing', async (_name, body) => {
    const res = await call(api, 'POST', path, { body: body as object });
    expect([400, 413]).toContain(res.status);
    expect(res.body).toMatchObject({ status: res.status, message: expect.any(String) });
    expect(await rows()).toEqual([]);
  });

  it.each(['{"severity":', '"boom"', '42', 'null'])('rejects the JSON body %s with 400', async (payload) => {
    const res = await api.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(await rows()).toEqual([]);
  });

  it('stores hostile text as data, with control characters stripped', async () => {
    const hostile = {
      severity: 'error',
      component: "<script>alert('x')</script>\u0000Page",
      message: "'; DROP TABLE client_errors; --\nat line 2\u001b[31mred\u007f\u0085",
      // In the path: a query is not stored (session 11, privacyRetention.test.ts).
      url: 'https://shop.example.de/%3Cimg%20onerror%3Dx%3E',
    };
    expect((await call(api, 'POST', path, { body: hostile })).status).toBe(204);
    expect(await rows()).toEqual([
      {
        severity: 'error',
        component: "<script>alert('x')</script>Page",
        message: "'; DROP TABLE client_errors; -- at line 2[31mred",
        url: hostile.url,
      },
    ]);
  });

  it('refuses a cookie-bearing report without X-XSRF-TOKEN (403) and accepts it with the header', async () => {
    const cookie = 'XSRF-TOKEN=abcdefghijklmnopqrstuv';
    const missing = await call(api, 'POST', path, { body: valid, headers: { cookie } });
    expectError(missing, 403, 'forbidden-xsrf');
    expect(await rows()).toEqual([]);
    const ok = await call(api, 'POST', path, {
      body: valid,
      headers: { cookie, 'x-xsrf-token': 'abcdefghijklmnopqrstuv' },
    });
    expect(ok.status).toBe(204);
    expect(await rows()).toHaveLength(1);
  });

  it('answers 503, never 500, when the database refuses the row', async () => {
    const spy = vi.spyOn(api.db, 'query').mockRejectedValueOnce(new Error('disk full'));
    const res = await call(api, 'POST', path, { body: valid });
    spy.mockRestore();
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 503, code: 'unavailable' });
  });

  it('is rate limited like other mutations', async () => {
    const limited = await makeApi({ rateLimit: { max: 2, timeWindowMs: 60_000 } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await call(limited, 'POST', path, { body: valid })).status);
      expect(statuses).toEqual([204, 204, 429]);
    } finally {
      await limited.close();
    }
  });
});
