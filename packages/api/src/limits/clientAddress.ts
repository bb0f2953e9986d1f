import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** The header in which the storefront's /api proxy proves it is the storefront (docs/learn/run-in-production.md). */
export const PROXY_SECRET_HEADER = 'x-lp-proxy-secret';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The address a request's limits are counted under (DESIGN 6). Behind the storefront's /api proxy every shopper
 * arrives from the storefront's address, so one bucket per peer would make one busy shopper block all others. The
 * proxy therefore sends the shared secret with X-Forwarded-For; only a request carrying that secret (compared in
 * constant time) may name its client. Everything else is `request.ip`: the peer address, or X-Forwarded-For as far
 * as Fastify's `trustProxy` (TRUST_PROXY: proxy addresses or hop count) allows. A forged X-Forwarded-For from the
 * open internet therefore names nobody, and dealer pages calling the API directly keep their own buckets.
 */
export function createClientAddress(proxySecret: string | undefined): (request: FastifyRequest) => string {
  const expected = proxySecret ? digest(proxySecret) : undefined;
  return (request) => {
    if (expected) {
      const sent = request.headers[PROXY_SECRET_HEADER];
      // Hashing first gives equal lengths, so the comparison time says nothing about the secret.
      if (typeof sent === 'string' && timingSafeEqual(digest(sent), expected)) {
        // The proxy appends the address it saw last; anything before it came from the browser.
        const forwarded = String(request.headers['x-forwarded-for'] ?? '')
          .split(',')
          .pop()
          ?.trim();
        if (forwarded && isIP(forwarded)) return forwarded;
      }
    }
    return request.ip;
  };
}
