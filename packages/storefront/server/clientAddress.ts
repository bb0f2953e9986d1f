import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyaddr from '@fastify/proxy-addr';
import { type ProxyTrust, trustOf } from './trustProxy';

/**
 * An IPv6 address's eight groups, whatever its spelling ('::', upper case, a zone, a dotted IPv4 tail). Only for
 * text `isIP` calls IPv6.
 */
function groupsOf(address: string): number[] {
  let text = address.replace(/%.*$/, '').toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = Array(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16));
}

/**
 * One spelling per client (session 25, hostilefix): '203.0.113.7:51234' (a proxy such as Azure Application Gateway
 * adds the source port) and '[2001:db8::1]:443' lose the port, which made every connection its own client; an
 * IPv4-mapped address in any spelling ('::ffff:203.0.113.7', '::FFFF:…', '::ffff:cb00:7107') is its IPv4 address,
 * where the hex and upper-case forms all fell into one IPv6 /64. The API's limits/clientAddress.ts keeps the same rule
 * (the storefront passes this address on; it does not import API code).
 */
export function plain(address: string): string {
  const text = address.trim();
  const bare =
    /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(text)?.[1] ??
    /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text)?.[1] ??
    text;
  if (isIP(bare) !== 6) return bare;
  const groups = groupsOf(bare);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (!mapped) return bare.toLowerCase();
  const [high = 0, low = 0] = groups.slice(6);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/**
 * The shopper's address as the storefront passes it to the API (X-Forwarded-For). Behind a load balancer (nginx in
 * `pnpm start:cluster`) the socket's peer is the balancer for every shopper, so each would share its rate-limit
 * bucket: when the peer is one of `trustedProxies` (env TRUST_PROXY, ./trustProxy.ts: addresses and CIDR ranges, or
 * a hop count), its X-Forwarded-For is read from the right, past every hop that is trusted too, to the first that
 * is not: the shopper (anything left of it is the client's own claim). From any other peer the header is ignored.
 * Session 26 (hostile26): only the last entry was read, so behind two trusted hops (a cloud balancer and an nginx
 * ingress, both in TRUST_PROXY=10.0.0.0/8) every shopper was the balancer's address: no page bound, and one API
 * bucket for all, where one stranger's failed logins locked every shopper out. The API (Fastify's trustProxy,
 * proxy-addr) walks the same way.
 */
export function clientAddressOf(req: IncomingMessage, trustedProxies: ProxyTrust): string {
  const raw = req.headers['x-forwarded-for'];
  const header = Array.isArray(raw) ? raw.join(',') : raw;
  const request = {
    socket: { remoteAddress: req.socket.remoteAddress ?? '' },
    headers: { 'x-forwarded-for': header },
  };
  // proxy-addr: the peer, then X-Forwarded-For from the right (empty entries skipped) up to the first untrusted hop.
  const [peer = '', ...named] = proxyaddr.all(request as never, trustOf(trustedProxies));
  let address = plain(peer);
  for (const entry of named) {
    // An address, not free text: the API keys buckets by it and logs it. Text stops the walk at the last hop known
    // (proxy-addr would name the text; the API then counts it under that text, the storefront under the hop).
    if (!isIP(plain(entry))) break;
    address = plain(entry);
  }
  return address;
}

/** An IPv6 address's /64 ('2001:db8:1:2::/64'): the network one subscriber gets, as the API counts it. */
function subscriberNetwork(address: string): string {
  return `${groupsOf(address)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * This machine and private networks (RFC 1918, IPv4 and IPv6 link-local, IPv6 unique local): where a proxy, a load
 * balancer or an ingress of the operator's own stands, never a shopper coming from the internet. Also the shared
 * address space 100.64.0.0/10 (RFC 6598; session 25, hostilefix): it is not routed on the internet, so a peer from it
 * is the operator's overlay or cluster network (Tailscale, some Kubernetes CNIs), not a carrier's NAT of shoppers.
 */
const OWN_NETWORK =
  /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.|169\.254\.|::1$|f[cd][0-9a-f]{0,2}:|fe[89ab][0-9a-f]:)/i;

/**
 * Session 25, hostile: whom a page request counts against for the bound of pages one client may have in flight
 * (./pageRoutes.ts): the shopper's address as for the API (an IPv6 one by its /64, so taking another address of
 * one's own buys nothing), or undefined for a peer of the operator's own network that names nobody else: a proxy
 * or load balancer without TRUST_PROXY, a health check or a bench carry every shopper's pages, and bounding them
 * would bound the whole shop.
 */
export function pageClientOf(req: IncomingMessage, trustedProxies: ProxyTrust): string | undefined {
  const address = clientAddressOf(req, trustedProxies);
  if (address === '' || OWN_NETWORK.test(address)) return undefined;
  return address.includes(':') ? subscriberNetwork(address) : address;
}
