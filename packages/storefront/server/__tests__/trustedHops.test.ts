// @vitest-environment node
// Session 26, hostile26: TRUST_PROXY names "the reverse proxies in front of the storefront" (run-in-production.md),
// often a range holding more than one hop (a cloud load balancer and an nginx ingress in 10.0.0.0/8). The storefront
// read only the last X-Forwarded-For entry, the inner balancer's own address, so every shopper was that balancer:
// pages unbounded (a private address) and one API bucket for all shoppers, where a stranger's failed logins
// locked every shopper out of logging in. Now it walks past trusted hops as the API (Fastify's trustProxy) does.
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { clientAddressOf, pageClientOf } from '../clientAddress';
import { trustedProxiesFrom } from '../trustProxy';

const TRUSTED = trustedProxiesFrom('10.0.0.0/8, fd00::/8');
const request = (peer: string, forwarded?: string) =>
  ({
    socket: { remoteAddress: peer },
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  }) as never;
const addressOf = (peer: string, forwarded?: string) => clientAddressOf(request(peer, forwarded), TRUSTED);

describe('X-Forwarded-For behind several trusted hops', () => {
  it('names the shopper behind a balancer and an ingress, not the balancer', () => {
    expect(addressOf('10.0.0.2', '203.0.113.7, 10.0.0.1')).toBe('203.0.113.7');
    expect(addressOf('fd00::2', '2001:db8:1:2::9, fd00::1, 10.0.0.1')).toBe('2001:db8:1:2::9');
    // Every shopper gets their own page bound again (before: undefined, the balancer's private address).
    expect(pageClientOf(request('10.0.0.2', '203.0.113.7, 10.0.0.1'), TRUSTED)).toBe('203.0.113.7');
  });

  it('ignores what the shopper claims left of the first untrusted hop, however it is spelt', () => {
    // The shopper's own claims: a trusted-looking address, a zone, mixed case, spaces, a hundred entries.
    const claims = ['10.0.0.9', 'FD00::1%eth0', ' 192.0.2.1 ', ...Array(100).fill('10.1.1.1')].join(',');
    expect(addressOf('10.0.0.2', `${claims}, 203.0.113.7, 10.0.0.1`)).toBe('203.0.113.7');
    expect(addressOf('10.0.0.2', `${claims},203.0.113.7`)).toBe('203.0.113.7');
    // From a peer outside TRUST_PROXY the header names nobody.
    expect(addressOf('198.51.100.9', '203.0.113.7')).toBe('198.51.100.9');
  });

  it('stops at text that is no address, at the last hop it knows', () => {
    expect(addressOf('10.0.0.2', '203.0.113.7, <script>, 10.0.0.1')).toBe('10.0.0.1');
    expect(addressOf('10.0.0.2', '')).toBe('10.0.0.2');
    expect(pageClientOf(request('10.0.0.2', 'unknown'), TRUSTED)).toBeUndefined();
  });

  // One rule in both places: the API takes the same X-Forwarded-For with the same TRUST_PROXY (proxy-addr).
  const api = Fastify({ trustProxy: ['10.0.0.0/8', 'fd00::/8'] });
  api.get('/', async (req) => req.ip);
  afterAll(() => api.close());

  it.each([
    ['10.0.0.2', '203.0.113.7, 10.0.0.1'],
    ['10.0.0.2', '198.51.100.1, 203.0.113.7, 10.0.0.5, 10.0.0.1'],
    ['10.0.0.2', '10.0.0.9, 10.0.0.1'],
    ['fd00::2', '2001:db8::9, fd00::1'],
    ['198.51.100.9', '203.0.113.7'],
    // Empty entries are skipped by both (review26b: the storefront stopped at them).
    ['10.0.0.2', '203.0.113.7,, 10.0.0.1'],
    ['10.0.0.2', '203.0.113.7, 10.0.0.1,'],
  ])('agrees with the API on peer %s and X-Forwarded-For "%s"', async (peer, forwarded) => {
    const answer = await api.inject({
      url: '/',
      remoteAddress: peer,
      headers: { 'x-forwarded-for': forwarded },
    });
    expect(addressOf(peer, forwarded)).toBe(answer.body);
  });
});
