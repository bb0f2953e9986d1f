// @vitest-environment node
// Session 26 (trustfix, from review26): TRUST_PROXY is read strictly at the storefront's start, as the API reads it.
// A typo such as `10.0.0.1/` (kept with an empty prefix, read as /0) trusted every IPv4 client to name any address in
// X-Forwarded-For: past the page bound and the API's rate limits, or using up a victim's login attempts. `1` and
// `true`, valid for the API, silently trusted nobody, so every shopper behind the balancer shared one bucket.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
// The API's own reading of the variable (one value must mean one thing in both). A test-only import of the API's
// source, as e2e tests do; the storefront's code does not depend on the API.
import { loadConfig } from '../../../api/src/config';
import { startStorefront } from '../index';
import { clientAddressOf } from '../clientAddress';
import { type ProxyTrust, trustedProxiesFrom } from '../trustProxy';

const REFUSED = [
  '10.0.0.1/',
  '10.0.0.0/ ',
  '10.0.0.0/33',
  '::/129',
  '0.0.0.0/0',
  '10.0.0.0/8/8',
  '10.0.0.0/255.0.0.0',
  'lb.internal',
  '10.0.0.1, lb.internal',
  '10.0.0.1:8080',
  '11',
  'yes',
];
const ACCEPTED = [
  '',
  '   ',
  'false',
  '0',
  '1',
  '2',
  'true',
  'TRUE',
  '10.0.0.1,,10.0.0.2',
  ' 10.0.0.0/8 , fd00::/8 ,',
];

/** Whether the API refuses the value at its start: its config check, then Fastify's own (proxy-addr's ranges). */
function apiRefuses(raw: string): boolean {
  try {
    const { trustProxy } = loadConfig({ TRUST_PROXY: raw });
    // As createApi.ts passes it to Fastify.
    Fastify({
      trustProxy:
        typeof trustProxy === 'number' ? (_: string, hop: number) => hop < trustProxy : (trustProxy ?? false),
    });
    return false;
  } catch {
    return true;
  }
}

describe('TRUST_PROXY at the storefront', () => {
  it.each(REFUSED)('refuses "%s" at start, naming TRUST_PROXY, as the API does', async (raw) => {
    expect(() => trustedProxiesFrom(raw)).toThrow(/^TRUST_PROXY .*got '/);
    await expect(startStorefront({ port: 0, env: { TRUST_PROXY: raw } })).rejects.toThrow(/^TRUST_PROXY /);
    expect(apiRefuses(raw)).toBe(true);
  });

  it.each(ACCEPTED)('accepts "%s", as the API does', (raw) => {
    expect(() => trustedProxiesFrom(raw)).not.toThrow();
    expect(apiRefuses(raw)).toBe(false);
  });

  it('reads empty, spaces, false and 0 as nobody, and skips empty list entries', () => {
    for (const raw of [undefined, '', '   ', 'false', '0', ',']) expect(trustedProxiesFrom(raw)).toEqual([]);
    expect(trustedProxiesFrom('10.0.0.1,,10.0.0.2')).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(trustedProxiesFrom(' 10.0.0.0/8 , FD00::/8 ,')).toEqual(['10.0.0.0/8', 'fd00::/8']);
  });

  // Each value as the API takes it, against the storefront's walk: the same shopper for the same request.
  const apps: FastifyInstance[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));
  const REQUESTS: [string, string | undefined][] = [
    ['203.0.113.9', undefined],
    ['203.0.113.9', '198.51.100.1'],
    ['10.0.0.2', '198.51.100.1, 203.0.113.7, 10.0.0.1'],
    ['10.0.0.2', '203.0.113.7, 10.0.0.1'],
    ['10.1.2.3', '203.0.113.7'],
    ['fd00::2', '2001:db8::9, fd00::1'],
    ['2001:db8::5', '203.0.113.7'],
  ];
  it.each(['1', '2', 'true', '10.0.0.0/8, fd00::/8', '::ffff:10.0.0.0/104', '::/64', '10.0.0.2', ''])(
    'names the same shopper as the API for TRUST_PROXY="%s"',
    async (raw) => {
      const { trustProxy } = loadConfig({ TRUST_PROXY: raw });
      const api = Fastify({
        trustProxy:
          typeof trustProxy === 'number'
            ? (_: string, hop: number) => hop < trustProxy
            : (trustProxy ?? false),
      });
      apps.push(api);
      api.get('/', async (req) => req.ip);
      const trust: ProxyTrust = trustedProxiesFrom(raw);
      for (const [peer, forwarded] of REQUESTS) {
        const headers = forwarded === undefined ? {} : { 'x-forwarded-for': forwarded };
        const answer = await api.inject({ url: '/', remoteAddress: peer, headers });
        const request = { socket: { remoteAddress: peer }, headers } as never;
        expect(clientAddressOf(request, trust), `${peer} / ${forwarded}`).toBe(answer.body);
      }
    },
  );
});
