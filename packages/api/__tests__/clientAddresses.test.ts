// What the API does with a client's address (session 12 soak audit): its log lines (LOG=1) name the client's
// network, not the client (IPv4 /24, IPv6 /48), while errors keep method and URL; the rate limits count a whole
// IPv4 address, and an IPv6 client by its /64, so taking a new address of one's own /64 per request does not buy
// a fresh count.
import { accountPaths, clientErrorPaths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, makeApi, makeLoggingApi } from './support/testApi';

const report = {
  severity: 'error',
  component: 'route:/cart',
  message: 'Cannot read properties of undefined',
};

/** One request from `remoteAddress` (light-my-request sets the connection's peer address). */
const from = (api: Api, remoteAddress: string, url: string, payload?: object) =>
  api.inject({ method: payload ? 'POST' : 'GET', url, remoteAddress, ...(payload ? { payload } : {}) });

describe('the request log (LOG=1) names the network, not the client', () => {
  let api: Api;
  let lines: string[];
  beforeAll(async () => {
    ({ api, lines } = await makeLoggingApi());
    api.get('/test/fault', async () => {
      throw new Error('the disk is full');
    });
  });
  afterAll(() => api.close());

  it('IPv4 cut to its /24, IPv6 to its /48; no port', async () => {
    await from(api, '203.0.113.77', '/health');
    await from(api, '2001:db8:abcd:12:5:6:7:8', '/health');
    await from(api, '::ffff:198.51.100.23', '/health');
    const log = lines.join('');
    expect(log).toContain('"remoteAddress":"203.0.113.0/24"');
    expect(log).toContain('"remoteAddress":"2001:db8:abcd::/48"');
    expect(log).toContain('"remoteAddress":"198.51.100.0/24"');
    for (const full of ['203.0.113.77', '2001:db8:abcd:12', '198.51.100.23']) expect(log).not.toContain(full);
    expect(log).not.toContain('remotePort');
  });

  it('an error is still written with its method, URL and cause, and without the address', async () => {
    lines.length = 0;
    expect((await from(api, '203.0.113.78', '/test/fault?page=2')).statusCode).toBe(500);
    const error = lines.map((line) => JSON.parse(line)).find((entry) => entry.level === 50);
    expect(error).toMatchObject({
      method: 'GET',
      url: '/test/fault?page=2',
      err: { message: 'the disk is full' },
    });
    expect(lines.join('')).not.toContain('203.0.113.78');
  });
});

describe('the rate limits count an IPv6 client by its /64', () => {
  let api: Api;
  beforeAll(async () => {
    api = await makeApi({ rateLimit: { max: 2, timeWindowMs: 60_000 } });
  });
  afterAll(() => api.close());

  it('new addresses of one /64 share a count; another /64 and another IPv4 address have their own', async () => {
    const statuses = [];
    for (const host of ['1', '2', '3'])
      statuses.push(
        (await from(api, `2001:db8:abcd:12::${host}`, clientErrorPaths.report, report)).statusCode,
      );
    expect(statuses).toEqual([204, 204, 429]);
    expect((await from(api, '2001:db8:abcd:13::1', clientErrorPaths.report, report)).statusCode).toBe(204);
    expect((await from(api, '203.0.113.1', clientErrorPaths.report, report)).statusCode).toBe(204);
    expect((await from(api, '203.0.113.2', clientErrorPaths.report, report)).statusCode).toBe(204);
  });

  it('wrong passwords from new addresses of one /64 meet the login guard after 10', async () => {
    // The login guard is always on; the mutation limit (2 above) is not part of this.
    const api = await makeApi();
    const statuses = [];
    for (let i = 1; i <= 11; i++) {
      const answer = await from(api, `2001:db8:beef:7::${i.toString(16)}`, accountPaths.login, {
        email: 'niemand@example.de',
        password: 'falsch-falsch',
      });
      statuses.push(answer.statusCode);
    }
    await api.close();
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

// Session 25, hostilefix: a proxy such as Azure Application Gateway sends '203.0.113.7:51234'. Fastify's request.ip
// kept the port, so each connection had a count of its own; through the storefront (its proxy secret) a forwarded
// address with a port named nobody, and every shopper shared the storefront's count. IPv4-mapped addresses count as
// their IPv4 address in any spelling.
describe('the rate limits count a forwarded address without its port', () => {
  const secret = 'hostilefix-proxy-secret';
  const forwarded = (api: Api, address: string, extra: Record<string, string> = {}) =>
    api.inject({
      method: 'POST',
      url: clientErrorPaths.report,
      payload: report,
      headers: { 'x-forwarded-for': address, ...extra },
    });

  it('behind a trusted proxy (TRUST_PROXY)', async () => {
    const api = await makeApi({ trustProxy: true, rateLimit: { max: 2, timeWindowMs: 60_000 } });
    const statuses = [];
    for (const address of ['203.0.113.7:51234', '203.0.113.7:51235', '203.0.113.7:51236'])
      statuses.push((await forwarded(api, address)).statusCode);
    const mapped = [];
    for (const address of ['198.51.100.9', '::FFFF:198.51.100.9', '::ffff:c633:6409'])
      mapped.push((await forwarded(api, address)).statusCode);
    const bracketed = (await forwarded(api, '[2001:db8:abcd:12::1]:443')).statusCode;
    await api.close();
    expect(statuses).toEqual([204, 204, 429]);
    expect(mapped).toEqual([204, 204, 429]);
    expect(bracketed).toBe(204);
  });

  it('through the storefront (its proxy secret)', async () => {
    const api = await makeApi({ proxySecret: secret, rateLimit: { max: 2, timeWindowMs: 60_000 } });
    const viaShop = (address: string) => forwarded(api, address, { 'x-lp-proxy-secret': secret });
    const statuses = [];
    for (const address of ['203.0.113.7:51234', '203.0.113.7:51235', '203.0.113.7:51236'])
      statuses.push((await viaShop(address)).statusCode);
    // Another shopper keeps a count of its own.
    const other = (await viaShop('198.51.100.9:40000')).statusCode;
    await api.close();
    expect(statuses).toEqual([204, 204, 429]);
    expect(other).toBe(204);
  });
});
