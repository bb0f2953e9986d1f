// Shoppers of the rate-limit tests (limits.test.ts, searchLimit.test.ts, which had each written this): requests from
// a local address of their own (127.0.0.2, 127.0.0.3 ...: one machine plays several shoppers), and the API behind the
// storefront's real /api proxy (a Fastify plugin), as shoppers reach it.
import { type IncomingHttpHeaders, request } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { apiProxy } from '../../../storefront/server/apiProxy';
import type { ApiOptions } from '../../src/options';
import { type Api, makeApi } from './testApi';

/** The secret the storefront's proxy and the API share (LP_PROXY_SECRET). */
export const PROXY_SECRET = 'storefront-and-api-share-this-0123456789';

export interface AnswerFrom {
  status: number;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** One request from the local address `from`; a `body` is sent as JSON. An empty answer reads as {}. */
export function requestFrom(
  from: string,
  url: string,
  options: { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> } = {},
): Promise<AnswerFrom> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const json =
    payload === undefined
      ? {}
      : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) };
  return new Promise((done, fail) => {
    const req = request(
      url,
      { method: options.method ?? 'GET', localAddress: from, headers: { ...json, ...options.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          done({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : {} });
        });
      },
    );
    req.on('error', fail);
    req.end(payload);
  });
}

/**
 * Registers, in the calling describe, the API with `rateLimit` and the proxy's secret on a random port and the
 * storefront's /api proxy in front of it (started before the describe's tests, closed after). Its fields are set
 * when the first test runs.
 */
export function apiBehindProxy(rateLimit: ApiOptions['rateLimit']) {
  const proxied = { api: undefined as unknown as Api, apiUrl: '', shopUrl: '' };
  let shop: FastifyInstance | undefined;
  beforeAll(async () => {
    proxied.api = await makeApi({ rateLimit, proxySecret: PROXY_SECRET });
    proxied.apiUrl = await proxied.api.listen({ port: 0, host: '127.0.0.1' });
    shop = Fastify();
    await shop.register(apiProxy, { apiUrl: proxied.apiUrl, secret: PROXY_SECRET });
    proxied.shopUrl = await shop.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await shop?.close();
    await proxied.api?.close();
  });
  return proxied;
}
