import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

/** The header in which the storefront's /api proxy proves it is the storefront (docs/learn/run-in-production.md). */
export const PROXY_SECRET_HEADER = 'x-lp-proxy-secret';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The network of `address`, `203.0.113.0/24` or `2001:db8:abcd::/48` (an IPv4-mapped IPv6 address counts as
 * IPv4, in any spelling; a port is dropped); undefined for text that is no address.
 */
export function networkOf(address: string, ipv4Bits: number, ipv6Bits: number): string | undefined {
  try {
    const ip = ipaddr.process(withoutPort(address).replace(/%.*$/, ''));
    const bits = ip.kind() === 'ipv4' ? ipv4Bits : ipv6Bits;
    const family = ip.kind() === 'ipv4' ? ipaddr.IPv4 : ipaddr.IPv6;
    return `${family.networkAddressFromCIDR(`${ip}/${bits}`)}/${bits}`;
  } catch {
    return undefined;
  }
}

/**
 * '203.0.113.7:51234' and '[2001:db8::1]:443' without their port (session 25, hostilefix): a proxy such as Azure
 * Application Gateway adds the client's source port to X-Forwarded-For, and Fastify's `request.ip` keeps it, so every
 * connection counted as a client of its own. The storefront's server/clientAddress.ts `plain` keeps the same rule
 * (it cannot import API code; it passes the address on to here).
 */
export function withoutPort(address: string): string {
  const text = address.trim();
  return (
    /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(text)?.[1] ??
    /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text)?.[1] ??
    text
  );
}

/**
 * The bucket of an address (its port dropped): an IPv4 address itself; an IPv6 address by its /64, the smallest
 * network a provider hands one line (every address in it is the same subscriber's: one client could otherwise take a new address, and
 * a fresh login and mutation count, for each request).
 */
function bucketOf(raw: string): string {
  const address = withoutPort(raw);
  if (isIP(address) !== 6) return address;
  // An IPv4-mapped address ('::ffff:203.0.113.9') is that IPv4 address: '203.0.113.9/32' loses its '/32'.
  return (networkOf(address, 32, 64) ?? address).replace(/\/32$/, '');
}

/**
 * Whether a request came through the storefront's /api proxy: it carries the secret the two share (compared in
 * constant time; hashing first gives equal lengths, so the comparison time says nothing about the secret). Always
 * false without a secret.
 */
export function createStorefrontCheck(proxySecret: string | undefined): (request: FastifyRequest) => boolean {
  const expected = proxySecret ? digest(proxySecret) : undefined;
  return (request) => {
    const sent = request.headers[PROXY_SECRET_HEADER];
    return expected !== undefined && typeof sent === 'string' && timingSafeEqual(digest(sent), expected);
  };
}

/**
 * The address a request's limits are counted under (DESIGN 6). Behind the storefront's /api proxy every shopper
 * arrives from the storefront's address, so one bucket per peer would make one busy shopper block all others. The
 * proxy therefore sends the shared secret with X-Forwarded-For; only a request carrying that secret (see
 * {@link createStorefrontCheck}) may name its client. Everything else is `request.ip`: the peer address, or
 * X-Forwarded-For as far as Fastify's `trustProxy` (TRUST_PROXY: proxy addresses or hop count) allows. A forged
 * X-Forwarded-For from the open internet therefore names nobody, and dealer pages calling the API directly keep their
 * own buckets. IPv6 clients are counted by their /64 (see `bucketOf`).
 */
export function createClientAddress(proxySecret: string | undefined): (request: FastifyRequest) => string {
  const viaStorefront = createStorefrontCheck(proxySecret);
  return (request) => {
    if (viaStorefront(request)) {
      // The proxy appends the address it saw last; anything before it came from the browser.
      const forwarded = String(request.headers['x-forwarded-for'] ?? '')
        .split(',')
        .pop()
        ?.trim();
      if (forwarded && isIP(withoutPort(forwarded))) return bucketOf(forwarded);
    }
    return bucketOf(request.ip);
  };
}
