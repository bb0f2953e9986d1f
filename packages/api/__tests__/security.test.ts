import { paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Api, addBody, addItem, call, makeApi, expectError } from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

const xsrfCookie = (setCookie: string | string[] | undefined) =>
  ([] as string[]).concat(setCookie ?? []).find((c) => c.startsWith('XSRF-TOKEN='));

describe('anti-forgery (DESIGN 2)', () => {
  it('issues a readable SameSite=Lax XSRF-TOKEN cookie on every response', async () => {
    const res = await call(api, 'GET', paths.business.companies);
    const cookie = xsrfCookie(res.headers['set-cookie'])!;
    expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{32}; Path=\/; SameSite=Lax$/);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('gives every new visitor a token of its own, also across many visitors', async () => {
    // Tokens come from a pool of random bytes refilled every 256 tokens; no two visitors may share one.
    const tokens = await Promise.all(
      Array.from({ length: 600 }, async () => {
        const res = await call(api, 'GET', paths.cart.get);
        return /^XSRF-TOKEN=([A-Za-z0-9_-]{32});/.exec(xsrfCookie(res.headers['set-cookie']) ?? '')?.[1];
      }),
    );
    expect(tokens.every((t) => t !== undefined)).toBe(true);
    expect(new Set(tokens).size).toBe(600);
  });

  it('keeps an existing token instead of issuing a new one', async () => {
    const res = await call(api, 'GET', paths.business.companies, {
      headers: { cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuv' },
    });
    expect(xsrfCookie(res.headers['set-cookie'])).toBeUndefined();
  });

  it('refuses a mutation that carries cookies but no matching header', async () => {
    const cookie = 'XSRF-TOKEN=abcdefghijklmnopqrstuv; other=1';
    const missing = await call(api, 'POST', paths.cart.addItem, {
      body: addBody('KZH-001'),
      headers: { cookie },
    });
    expect(missing.status).toBe(403);
    expect(missing.body).toMatchObject({
      status: 403,
      code: 'forbidden-xsrf',
      message: expect.stringContaining('X-XSRF-TOKEN'),
    });
    const wrong = await call(api, 'POST', paths.cart.addItem, {
      body: addBody('KZH-001'),
      headers: { cookie, 'x-xsrf-token': 'abcdefghijklmnopqrstuX' },
    });
    expectError(wrong, 403, 'forbidden-xsrf');
    const session = await call(api, 'POST', paths.cart.addItem, {
      body: addBody('KZH-001'),
      headers: { cookie: 'lp_session=abcdefghijklmnopqrstuvwxyz012345' },
    });
    expectError(session, 403, 'forbidden-xsrf');
  });

  it("lets a first add through that carries only the shop's other cookies (consent, analytics), not the API's", async () => {
    const res = await call(api, 'POST', paths.cart.addItem, {
      body: addBody('KZH-001'),
      headers: { cookie: 'lp_consent=v1.s0.m0.t1763719200; _ga=GA1.1.123.456' },
    });
    expect(res.status).toBe(200);
    // ... and the answer hands out the token the next mutation has to echo.
    expect(xsrfCookie(res.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
  });

  it('accepts a mutation whose header matches the cookie', async () => {
    const res = await call(api, 'POST', paths.cart.addItem, {
      body: addBody('KZH-001'),
      headers: { cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuv', 'x-xsrf-token': 'abcdefghijklmnopqrstuv' },
    });
    expect(res.status).toBe(200);
  });

  it('lets cookie-less callers (Node SDK, other origins) mutate by cart guid alone', async () => {
    expect((await call(api, 'POST', paths.cart.addItem, { body: addBody('KZH-001') })).status).toBe(200);
  });

  it('never blocks reads', async () => {
    const res = await call(api, 'GET', paths.business.companies, { headers: { cookie: 'a=b' } });
    expect(res.status).toBe(200);
  });
});

describe('CORS', () => {
  it('allows a listed origin without credentials and with the contract headers', async () => {
    const res = await api.inject({
      method: 'OPTIONS',
      url: paths.cart.addItem,
      headers: {
        origin: 'http://localhost:4100',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'cartguid,content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:4100');
    expect(String(res.headers['access-control-allow-headers'])).toBe(
      'CartGuid, X-XSRF-TOKEN, Idempotency-Key, Content-Type',
    );
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('gives no CORS grant to an unlisted origin', async () => {
    const res = await api.inject({
      method: 'GET',
      url: paths.business.companies,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('routing and error bodies', () => {
  it('routes case-insensitively and forgives trailing slashes', async () => {
    for (const url of ['/api/cart/getcart', '/API/CART/GETCART', '/api/Cart/getCart/']) {
      const res = await call(api, 'GET', url);
      expect(res.body).toMatchObject({
        status: 400,
        code: 'parameter-missing',
        message: 'The CartGuid header is missing.',
      });
    }
  });

  it('answers an unknown route with the error body', async () => {
    const res = await call(api, 'GET', '/api/nothing/here?x=1');
    expect(res.body).toEqual({
      status: 404,
      code: 'route-not-found',
      message: 'No endpoint GET /api/nothing/here.',
    });
  });

  it('refuses an oversize JSON body with 413', async () => {
    const body = { ...addBody('KZH-001'), padding: 'x'.repeat(300 * 1024) };
    const res = await call(api, 'POST', paths.cart.addItem, { body });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      status: 413,
      code: 'body-too-large',
      message: 'The request body is too large.',
    });
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await api.inject({
      method: 'POST',
      url: paths.cart.addItem,
      headers: { 'content-type': 'application/json' },
      payload: '{"productUniqueId": ',
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      status: 400,
      code: 'invalid-json',
      message: 'The body is not valid JSON.',
    });
  });

  it('shrugs off prototype-pollution keys', async () => {
    const payload =
      '{"productUniqueId":"KZH-001","quantity":1,"addData":[{"count":1,"info":{"Attributes":{}}}],"__proto__":{"polluted":true}}';
    const res = await api.inject({
      method: 'POST',
      url: paths.cart.addItem,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers a real fault with a generic 500 body that leaks nothing', async () => {
    const spy = vi.spyOn(api.db, 'query').mockRejectedValueOnce(new Error('connection to 10.0.0.5 refused'));
    try {
      const res = await call(api, 'GET', paths.business.companies);
      expect(res.body).toEqual({ status: 500, code: 'internal', message: 'Internal Server Error' });
    } finally {
      spy.mockRestore();
    }
    expect((await call(api, 'GET', paths.business.companies)).status).toBe(200);
  });

  it('keeps hostile text in JSON, never as markup, and never answers 500', async () => {
    const hostile = [
      '<img src=x onerror=alert(1)>',
      "' OR '1'='1",
      'Robert"); DROP TABLE orders;--',
      '\u200f\u200b',
    ];
    for (const text of hostile) {
      const cart = await addItem(api, addBody('KZH-001', 1, { Notiz: text }));
      expect(cart.items![0]!.addData[0]!.info.Attributes.Notiz).toBe(text);
    }
    // Session 22: a bidi override is refused, not kept (invisibleControls.test.ts).
    const override = await call(api, 'POST', paths.cart.addItem, {
      body: addBody('KZH-001', 1, { Notiz: '\u202e\u200b' }),
    });
    expect(override.status).toBe(400);
    const still = await call(api, 'GET', `${paths.business.products}?companyId=1001`);
    expect(still.status).toBe(200);
  });
});

describe('rate limit', () => {
  let limited: Api;
  beforeAll(async () => {
    limited = await makeApi({ rateLimit: { max: 3, timeWindowMs: 60_000 } });
  });
  afterAll(() => limited.close());

  it('limits mutations and answers 429 with the error body', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await call(limited, 'POST', paths.cart.addItem, { body: addBody('KZH-001') })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const last = await call(limited, 'POST', paths.cart.addItem, { body: addBody('KZH-001') });
    expect(last.body).toMatchObject({
      status: 429,
      code: 'rate-limited',
      message: expect.stringMatching(/^Too many requests/),
    });
  });

  it('never limits reads', async () => {
    for (let i = 0; i < 6; i++) {
      expect((await call(limited, 'GET', paths.business.companies)).status).toBe(200);
    }
  });
});
