import type { IncomingMessage } from 'node:http';

/** '::ffff:127.0.0.1' and '127.0.0.1' are one peer. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/**
 * The shopper's address as the storefront passes it to the API (X-Forwarded-For). Behind a load balancer (nginx in
 * `pnpm start:cluster`) the socket's peer is the balancer for every shopper, so each would share its rate-limit
 * bucket: when the peer is one of `trustedProxies` (env TRUST_PROXY, a comma list of addresses), the last entry of
 * its X-Forwarded-For is the shopper (the one hop the trusted balancer added; anything left of it is the client's
 * own claim). From any other peer the header is ignored.
 */
export function clientAddressOf(req: IncomingMessage, trustedProxies: readonly string[]): string {
  const peer = plain(req.socket.remoteAddress ?? '');
  if (!trustedProxies.includes(peer)) return peer;
  const raw = req.headers['x-forwarded-for'];
  const header = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  const last = header.split(',').at(-1)?.trim() ?? '';
  // An address, not free text: the API keys buckets by it and logs it.
  return /^[0-9a-fA-F:.]{2,45}$/.test(last) ? plain(last) : peer;
}

/** TRUST_PROXY of the storefront: a comma list of load-balancer addresses; empty trusts none. */
export function trustedProxiesFrom(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((entry) => plain(entry.trim()))
    .filter(Boolean);
}
