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

/** An IPv6 address's /64 ('2001:db8:1:2::/64'): the network one subscriber gets, as the API counts it. */
function subscriberNetwork(address: string): string {
  const [head = '', tail] = address.replace(/%.*$/, '').toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * This machine and private networks (RFC 1918, IPv6 unique local and link-local): where a proxy, a load balancer or
 * an ingress of the operator's own stands, never a shopper coming from the internet.
 */
const OWN_NETWORK =
  /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|f[cd][0-9a-f]{0,2}:|fe[89ab][0-9a-f]:)/i;

/**
 * Session 25, hostile: whom a page request counts against for the bound of pages one client may have in flight
 * (./pageRoutes.ts): the shopper's address as for the API (an IPv6 one by its /64, so taking another address of
 * one's own buys nothing), or undefined for a peer of the operator's own network that names nobody else: a proxy
 * or load balancer without TRUST_PROXY, a health check or a bench carry every shopper's pages, and bounding them
 * would bound the whole shop.
 */
export function pageClientOf(req: IncomingMessage, trustedProxies: readonly string[]): string | undefined {
  const address = clientAddressOf(req, trustedProxies);
  if (address === '' || OWN_NETWORK.test(address)) return undefined;
  return address.includes(':') ? subscriberNetwork(address) : address;
}
