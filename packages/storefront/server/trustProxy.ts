import { BlockList, isIP } from 'node:net';

/**
 * Whose X-Forwarded-For the storefront believes (env TRUST_PROXY): its proxies' addresses and CIDR ranges, or a
 * number of hops nearest the storefront trusted whatever their address (`true`: every hop). The API reads the same
 * variable the same way (packages/api/src/config.ts; Fastify's trustProxy and proxy-addr), so one value means one
 * thing in both. A count or `true` lets anyone who reaches the port name any address: only where nothing but the
 * proxies can reach it.
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
  for (const entry of entries) {
    if (!rangeOf(entry)) {
      throw new Error(
        `TRUST_PROXY must be true, false, a hop count or proxy addresses (CIDR allowed, prefix 1-32 for IPv4, 1-128 for IPv6), got '${raw}'.`,
      );
    }
  }
  return entries;
}

interface Range {
  address: string;
  bits: number;
  family: 4 | 6;
}

/**
 * An address or CIDR range as proxy-addr (the API) reads it, or undefined: the address passes `isIP`, a prefix is
 * 1-3 digits and at most 32 (IPv4) or 128 (IPv6). A prefix of 0 is refused as proxy-addr refuses it (`true` says
 * "every hop" plainly).
 */
function rangeOf(entry: string): Range | undefined {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if ((family !== 4 && family !== 6) || extra !== undefined) return undefined;
  const max = family === 4 ? 32 : 128;
  if (prefix === undefined) return { address, bits: max, family };
  if (!/^\d{1,3}$/.test(prefix)) return undefined;
  const bits = Number(prefix);
  return bits >= 1 && bits <= max ? { address, bits, family } : undefined;
}

/** The IPv4-mapped IPv6 addresses (::ffff:0:0/96). */
const MAPPED = new BlockList();
MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/**
 * A list's ranges: IPv4 peers are checked against IPv4 ranges and IPv4-mapped IPv6 ranges of /96 or longer, IPv6
 * peers against IPv6 ranges, as proxy-addr does (Node's BlockList alone would match an IPv4 peer against any IPv6
 * range spanning ::ffff:0:0, such as `::/64`). Built once per list.
 */
interface Ranges {
  ipv4: BlockList;
  mapped: BlockList;
  ipv6: BlockList;
}
const rangesOf = new WeakMap<readonly string[], Ranges>();

function rangesFor(list: readonly string[]): Ranges {
  const known = rangesOf.get(list);
  if (known) return known;
  const ranges = { ipv4: new BlockList(), mapped: new BlockList(), ipv6: new BlockList() };
  for (const entry of list) {
    // Only entries trustedProxiesFrom accepts (a list made elsewhere may hold anything).
    const range = rangeOf(entry.trim().toLowerCase());
    if (!range) continue;
    if (range.family === 4) ranges.ipv4.addSubnet(range.address, range.bits, 'ipv4');
    else if (range.bits >= 96 && MAPPED.check(range.address, 'ipv6'))
      ranges.mapped.addSubnet(range.address, range.bits, 'ipv6');
    else ranges.ipv6.addSubnet(range.address, range.bits, 'ipv6');
  }
  rangesOf.set(list, ranges);
  return ranges;
}

/**
 * Whether `peer` (an address as `plain` spells it) is one of the trusted proxies: an address of the list, or inside
 * one of its ranges. Session 25 (lead, from hostilefix): ranges were compared as text, so a documented
 * `TRUST_PROXY=10.0.0.0/8` trusted nobody and every shopper behind that balancer shared its bucket.
 */
export function isTrustedProxy(peer: string, trustedProxies: readonly string[]): boolean {
  const family = isIP(peer);
  if (family === 0) return false;
  const ranges = rangesFor(trustedProxies);
  if (family === 6) return ranges.ipv6.check(peer, 'ipv6');
  return ranges.ipv4.check(peer, 'ipv4') || ranges.mapped.check(peer, 'ipv4');
}

/** Whether the hop `hop` places from the storefront (0: the socket's peer) at `address` is trusted to name the next. */
export function isTrustedHop(address: string, hop: number, trust: ProxyTrust): boolean {
  return 'hops' in trust ? hop < trust.hops : isTrustedProxy(address, trust);
}
