// Session 20 (hostile): the product search is a read whose cost the client chooses (a scan of the shown products per
// word, a compound's second try, "Meinten Sie …?" searching again), and it had no per-client limit: one client could
// keep a core busy with crafted queries. Now it has a count of its own per client address, shared through PostgreSQL
// by every API process like the mutations' count, and behind the storefront's /api proxy the shopper is the client.
import { clientErrorPaths, productSearchPath } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, loadConfig } from '../src/index';
// The storefront's real /api proxy (what shoppers' requests pass through) and shoppers from addresses of their own.
import { apiBehindProxy, requestFrom } from './support/proxiedShoppers';
import { type Api, createTestDatabase, makeApi } from './support/testApi';

const SEARCH_MAX = 3;
const LIMITS = { max: 100, searchMax: SEARCH_MAX, timeWindowMs: 60_000 };
const search = (q = 'kennzeichen') => `${productSearchPath}?${new URLSearchParams({ companyId: '1001', q })}`;

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: Record<string, unknown>;
}

/** One GET from a given local address (one machine plays several shoppers). */
const getFrom = async (from: string, url: string): Promise<Answer> => {
  const { status, headers, body } = await requestFrom(from, url);
  return { status, retryAfter: headers['retry-after'] as string | undefined, body };
};

/** One request through inject from `remoteAddress`. */
const injectFrom = async (api: Api, remoteAddress: string, url: string, method: 'GET' | 'HEAD' = 'GET') => {
  const res = await api.inject({ method, url, remoteAddress });
  return {
    status: res.statusCode,
    retryAfter: res.headers['retry-after'] as string | undefined,
    body: method === 'GET' ? (res.json() as Record<string, unknown>) : {},
  };
};

const expectLimited = (answer: Answer) => {
  expect(answer.status).toBe(429);
  expect(String(answer.retryAfter)).toMatch(/^[1-9]\d*$/);
  if (Object.keys(answer.body).length > 0)
    expect(answer.body).toMatchObject({ status: 429, code: 'rate-limited' });
};

describe('search-products has a per-client limit of its own', () => {
  let api: Api;
  beforeAll(async () => {
    api = await makeApi({ rateLimit: LIMITS });
  });
  afterAll(() => api.close());

  it('limits one client after searchMax searches (429 rate-limited, Retry-After), not another', async () => {
    const answers = [];
    for (let i = 0; i <= SEARCH_MAX; i++) answers.push(await injectFrom(api, '203.0.113.10', search()));
    expect(answers.map((a) => a.status)).toEqual([...Array(SEARCH_MAX).fill(200), 429]);
    expectLimited(answers[SEARCH_MAX]!);
    expect((await injectFrom(api, '203.0.113.11', search())).status).toBe(200);
    // HEAD runs the search too: it counts in the same bucket, not in a fresh one.
    expectLimited(await injectFrom(api, '203.0.113.10', search(), 'HEAD'));
  });

  it('counts hostile and refused queries too, and leaves the client its other requests', async () => {
    const hostile = ['%_\\'.repeat(30), 'a', 'x'.repeat(10_000)];
    const statuses = [];
    for (const q of hostile) statuses.push((await injectFrom(api, '203.0.113.12', search(q))).status);
    expect(statuses).toEqual([400, 400, 400]);
    expectLimited(await injectFrom(api, '203.0.113.12', search()));
    // Its own count: the limited client still reads the catalogue and reports errors (mutations count apart).
    expect((await injectFrom(api, '203.0.113.12', '/api/v1/business/get?alias=lp-de')).status).toBe(200);
    const report = await api.inject({
      method: 'POST',
      url: clientErrorPaths.report,
      remoteAddress: '203.0.113.12',
      payload: { severity: 'error', component: 'route:/suche', message: 'x' },
    });
    expect(report.statusCode).toBe(204);
  });

  it('takes its size from RATE_LIMIT_SEARCH_MAX (60 a minute unless set), off with the whole limit', () => {
    expect(loadConfig({}).rateLimit).toMatchObject({ max: 120, searchMax: 60, timeWindowMs: 60_000 });
    expect(loadConfig({ RATE_LIMIT_SEARCH_MAX: '300' }).rateLimit).toMatchObject({ searchMax: 300 });
    expect(() => loadConfig({ RATE_LIMIT_SEARCH_MAX: '0' })).toThrow(/RATE_LIMIT_SEARCH_MAX/);
    expect(() => loadConfig({ RATE_LIMIT_SEARCH_MAX: 'viele' })).toThrow(/RATE_LIMIT_SEARCH_MAX/);
    expect(loadConfig({ RATE_LIMIT_MAX: '0' }).rateLimit).toBe(false);
  });
});

describe('behind the storefront /api proxy each shopper has their own search count', () => {
  const proxied = apiBehindProxy(LIMITS);

  it('one shopper searching too often is limited, another shopper through the same storefront is not', async () => {
    const first = [];
    for (let i = 0; i <= SEARCH_MAX; i++)
      first.push(await getFrom('127.0.0.2', `${proxied.shopUrl}${search()}`));
    expect(first.map((a) => a.status)).toEqual([...Array(SEARCH_MAX).fill(200), 429]);
    expectLimited(first[SEARCH_MAX]!);
    expect((await getFrom('127.0.0.3', `${proxied.shopUrl}${search()}`)).status).toBe(200);
  });
});

const server = process.env.TEST_DATABASE_URL;

describe.runIf(server)('the search count is shared by two API processes on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: Api;
  let b: Api;
  beforeAll(async () => {
    database = await createTestDatabase(server!);
    const start = () => createApi({ databaseUrl: database.url, rateLimit: LIMITS });
    [a, b] = await Promise.all([start(), start()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
  });

  it('accepts exactly searchMax from one client spread over both processes, then 429 at both', async () => {
    const statuses = [];
    for (let i = 0; i < SEARCH_MAX + 2; i++)
      statuses.push((await injectFrom(i % 2 ? a : b, '10.7.0.9', search())).status);
    expect(statuses).toEqual([...Array(SEARCH_MAX).fill(200), 429, 429]);
  });
});
