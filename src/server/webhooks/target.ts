import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// Who a webhook may be sent to. A webhook is a request the server makes on an admin's behalf, so
// without this rule it could reach what only the server can: its own loopback services, the
// private network it sits in, a cloud provider's metadata address. Such targets are refused
// unless the configuration allows them (WEBHOOK_ALLOW_PRIVATE=1, for local receivers): at
// registration when the host is an address, and at delivery after the name is resolved (the
// request then goes to the address checked, so a second answer from DNS cannot switch it).

/** Address ranges a webhook never reaches (unless private targets are allowed). */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the server itself
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** IPv6 ranges that carry an IPv4 address in their last 32 bits (compatible, mapped, translated, NAT64): judged by that address. */
const EMBEDS_IPV4 = new BlockList();
EMBEDS_IPV4.addSubnet('::', 96, 'ipv6');
EMBEDS_IPV4.addSubnet('::ffff:0:0', 96, 'ipv6');
EMBEDS_IPV4.addSubnet('::ffff:0:0:0', 96, 'ipv6');
EMBEDS_IPV4.addSubnet('64:ff9b::', 96, 'ipv6');

/** 6to4 (2002::/16) carries an IPv4 address in its second and third groups. */
const SIX_TO_FOUR = new BlockList();
SIX_TO_FOUR.addSubnet('2002::', 16, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => parseInt(group, 16));
}

/** Whether `address` (an IPv4 or IPv6 address, IPv6 with or without brackets) is one a webhook must not reach. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return BLOCKED.check(bare, 'ipv4');
  if (family !== 6) return true;
  const embedded = EMBEDS_IPV4.check(bare, 'ipv6') ? 6 : SIX_TO_FOUR.check(bare, 'ipv6') ? 1 : null;
  if (embedded !== null) {
    const groups = ipv6Groups(bare);
    const high = groups[embedded]!;
    const low = groups[embedded + 1]!;
    return BLOCKED.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
  }
  return BLOCKED.check(bare, 'ipv6');
}

/** Host names that always mean this machine (a trailing dot, the root's, names the same host). */
const LOCAL_NAME = /^(localhost|localhost\.localdomain)\.?$|\.localhost\.?$/i;

/**
 * Why `url` cannot be a webhook address, as a sentence for the admin, or null when it can:
 * an absolute https:// URL (http:// too when private targets are allowed) without credentials,
 * whose host, when it is an address or a name of this machine, is not a private one.
 */
export function webhookUrlProblem(url: string, allowPrivate: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Enter a full address starting with https://.';
  }
  if (parsed.protocol !== 'https:' && !(allowPrivate && parsed.protocol === 'http:')) {
    return allowPrivate ? 'The address must start with https:// or http://.' : 'The address must start with https://.';
  }
  if (!parsed.hostname) return 'Enter a full address starting with https://.';
  if (parsed.username || parsed.password) return 'The address cannot hold a user name or password.';
  if (allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if ((isIP(host) && isPrivateAddress(host)) || LOCAL_NAME.test(host)) {
    return 'The address points to a private, loopback or link-local network, which webhooks cannot reach.';
  }
  return null;
}

/** A webhook's receiver refused before anything was sent (a private address); not worth retrying. */
export class TargetRefused extends Error {
  override name = 'TargetRefused';
}

/** A resolved, checked address to connect to. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves names to addresses (node:dns's lookup by default; tests give their own). */
export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * The address to send a webhook for `hostname` to: the host itself when it is an address, else
 * the first one it resolves to. Throws `TargetRefused` when private targets are not allowed and
 * any of its addresses is private (a name that also resolves privately is refused whole, whichever
 * address a connection would pick).
 */
export async function checkedAddress(hostname: string, allowPrivate: boolean, resolve: Resolver = systemResolver): Promise<CheckedAddress> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  const addresses = literal ? [{ address: host, family: literal }] : await resolve(host);
  if (!addresses.length) throw new Error(`${hostname} has no address`);
  if (!allowPrivate) {
    const refused = addresses.find(({ address }) => isPrivateAddress(address));
    if (refused) throw new TargetRefused(`${hostname} resolves to a private address (${refused.address}), which webhooks cannot reach.`);
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
