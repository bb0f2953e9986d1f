import { isIP } from 'node:net';
import proxyaddr from '@fastify/proxy-addr';

/**
 * Whose X-Forwarded-For the storefront believes (env TRUST_PROXY): its proxies' addresses and CIDR ranges, or a
 * number of hops nearest the storefront trusted whatever their address (`true`: every hop). The API reads the same
 * variable the same way (packages/api/src/config.ts; Fastify's trustProxy), and both match with @fastify/proxy-addr,
 * so one value means one thing in both. A count or `true` lets anyone who reaches the port name any address: only
 * where nothing but the proxies can reach it.
 */
export type ProxyTrust = readonly string[] | { readonly hops: number };

/** The API's bound for a hop count (a chain of ten proxies is already far more than any shop runs). */
const MAX_HOPS = 10;

/**
 * TRUST_PROXY parsed at the storefront's start: empty, `false` or `0` trusts nobody; `true` every hop; `1`..`10`
 * that many hops; otherwise a comma list of addresses and CIDR ranges (`10.0.0.0/8`, `fd00::/8`), empty entries
 * skipped. Anything else throws, so the storefront does not start (the API refuses the same values). Session 26
 * (trustfix, from review26): a typo such as `10.0.0.1/` was kept with an empty prefix, read as /0, and trusted every
 * IPv4 client to name any address; `1` and `true`, valid for the API, silently trusted nobody.
 */
export function trustedProxiesFrom(raw: string | undefined): ProxyTrust {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0') return [];
  if (value === 'true') return { hops: Number.POSITIVE_INFINITY };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) throw new Error(`TRUST_PROXY hop count must be 0-${MAX_HOPS}, got '${raw}'.`);
    return { hops };
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.every(readable)) {
    throw new Error(
      `TRUST_PROXY must be true, false, a hop count or proxy addresses (CIDR allowed, prefix 1-32 for IPv4, 1-128 for IPv6), got '${raw}'.`,
    );
  }
  return entries;
}

/**
 * An address or CIDR range the API takes: an address Node calls one (not proxy-addr's `10.1` or `loopback`), a
 * prefix of digits (not a netmask), and a range proxy-addr compiles (it refuses /0, /33 and an empty prefix).
 */
function readable(entry: string): boolean {
  const [address = '', prefix] = entry.split(/\/(.*)/s);
  if (isIP(address) === 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) return false;
  try {
    proxyaddr.compile(entry);
    return true;
  } catch {
    return false;
  }
}

type Trust = (address: string, hop: number) => boolean;
const compiled = new WeakMap<readonly string[], Trust>();

/**
 * The trust function proxy-addr walks X-Forwarded-For with (hop 0: the socket's peer). A list made elsewhere may
 * hold anything: an entry that is not `readable` trusts nobody. Compiled once per list.
 */
export function trustOf(trust: ProxyTrust): Trust {
  if ('hops' in trust) return (_address, hop) => hop < trust.hops;
  let known = compiled.get(trust);
  if (!known) {
    known = proxyaddr.compile(trust.map((entry) => entry.trim().toLowerCase()).filter(readable));
    compiled.set(trust, known);
  }
  return known;
}
