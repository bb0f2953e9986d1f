// Session 20 (hostile): the API limits searches per client (RATE_LIMIT_SEARCH_MAX). The shop's /suche asks the API
// from the storefront's server for its first view, and the browser's later searches go through the storefront's
// /api proxy: both must count the shopper, not the storefront, or one shopper's (or bot's) searches would block
// everybody's. A limited shopper sees a German hint on /suche, not an error page.
import { request } from 'node:http';
import { type RunningApi, startApi } from '@lp/api';
import { productSearchPath } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningStorefront, startStorefront } from '../../packages/storefront/server/index';
import { ensureStorefrontBuilt } from '../storefront/storefrontWorld';

const SECRET = 'storefront-and-api-share-this-0123456789';
const SEARCH_MAX = 3;
const BUSY = 'Zu viele Suchanfragen in kurzer Zeit. Bitte versuchen Sie es in einer Minute erneut.';

let api: RunningApi;
let shop: RunningStorefront;

beforeAll(async () => {
  ensureStorefrontBuilt();
  api = await startApi({
    port: 0,
    dataDir: 'memory',
    rateLimit: { max: 100, searchMax: SEARCH_MAX, timeWindowMs: 60_000 },
    proxySecret: SECRET,
  });
  shop = await startStorefront({ port: 0, apiUrl: api.url, env: { LP_PROXY_SECRET: SECRET } });
}, 120_000);
afterAll(async () => {
  await shop?.close();
  await api?.close();
});

/** One GET of the storefront from a given local address (127.0.0.2, 127.0.0.3 ...: one machine, several shoppers). */
function getFrom(from: string, path: string): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const req = request(`${shop.url}${path}`, { localAddress: from }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

describe('the search limit counts each shopper, on the server-rendered /suche and through /api', () => {
  it('one shopper searching too often sees the German hint; another shopper still finds products', async () => {
    const pages = [];
    for (let i = 0; i <= SEARCH_MAX; i++)
      pages.push(await getFrom('127.0.0.2', '/suche?q=kennzeichenhalter'));
    for (const page of pages.slice(0, SEARCH_MAX)) {
      expect(page.status).toBe(200);
      expect(page.text).toMatch(/\d+ Produkte/);
    }
    const limited = pages[SEARCH_MAX]!;
    expect(limited.status).toBe(200);
    expect(limited.text).toContain(BUSY);
    expect(limited.text).not.toMatch(/\d+ Produkte/);
    // The same shopper's search through the /api proxy (a client navigation) is in the same count.
    const viaProxy = await getFrom(
      '127.0.0.2',
      `${productSearchPath}?companyId=1001&q=kennzeichenhalter&page=1&pageSize=48`,
    );
    expect(viaProxy.status).toBe(429);
    expect(JSON.parse(viaProxy.text)).toMatchObject({ status: 429, code: 'rate-limited' });
    // Another shopper behind the same storefront: their own count, on both ways.
    const other = await getFrom('127.0.0.3', '/suche?q=kennzeichenhalter');
    expect(other.status).toBe(200);
    expect(other.text).toMatch(/\d+ Produkte/);
    expect(other.text).not.toContain(BUSY);
    const otherViaProxy = await getFrom('127.0.0.3', `${productSearchPath}?companyId=1001&q=halter`);
    expect(otherViaProxy.status).toBe(200);
  });
});
