import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** Turns a host name into its addresses (all of them), as `dns.lookup(host, {all: true})` does. */
export type Resolve = (host: string) => Promise<LookupAddress[]>;

/** The operating system's resolver (what a connection would use). */
export const systemResolve: Resolve = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/**
 * Addresses a request made for a user must never reach: this machine, the networks behind it, and the
 * ranges that are not on the internet. IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) are checked
 * against the IPv4 ranges by BlockList itself.
 */
const internal = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  internal.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (ULA)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const)
  internal.addSubnet(net, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Whether `address` (an IP literal) is loopback, private, link-local, CGNAT or otherwise not public. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (!family) return true;
  const type = familyOf(address);
  if (internal.check(address, type)) return true;
  // IPv4 written inside IPv6 in the forms BlockList does not map: ::a.b.c.d (compatible) and NAT64.
  const embedded = /^(?:::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  return embedded ? internal.check(embedded, 'ipv4') : false;
}

export const isLoopbackAddress = (address: string) => isIP(address) > 0 && loopback.check(address, familyOf(address));

/** A URL's host as DNS or an IP check wants it: without IPv6 brackets or a trailing dot. */
export const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');

export type Destination =
  { ok: true; address: string; family: 4 | 6 } | { ok: false; reason: 'unresolvable' | 'internal' };

/**
 * Where a request to `host` may go: its first address, when every address it resolves to is public
 * (one internal answer among public ones refuses the host: the resolver's owner picks which one a
 * connection gets). `allowLoopback` lets a host that resolves only to loopback through — a local
 * stand-in of an outside service in tests.
 */
export async function destination(host: string, resolve: Resolve, allowLoopback = false): Promise<Destination> {
  const bare = bareHost(host);
  let addresses: LookupAddress[];
  try {
    addresses = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await resolve(bare);
  } catch {
    return { ok: false, reason: 'unresolvable' };
  }
  if (!addresses.length) return { ok: false, reason: 'unresolvable' };
  const allowed = (a: string) => !isInternalAddress(a) || (allowLoopback && isLoopbackAddress(a));
  if (!addresses.every((a) => allowed(a.address))) return { ok: false, reason: 'internal' };
  const first = addresses[0]!;
  return { ok: true, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A refused destination, as the error a connection's `lookup` fails with. */
export class DestinationRefused extends Error {
  constructor(
    readonly host: string,
    readonly reason: 'unresolvable' | 'internal',
  ) {
    super(`${host}: ${reason === 'internal' ? 'resolves to an internal address' : 'cannot be resolved'}`);
  }
}

type LookupCallback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for `http.request`/`net.connect` that resolves the host again and connects only to the
 * address it just checked, so a name that answered a public address when it was accepted and an
 * internal one now (DNS rebinding) is refused at the socket. `allowLoopback(host)` says which hosts
 * may resolve to loopback.
 */
export function checkedLookup(resolve: Resolve, allowLoopback: (host: string) => boolean = () => false) {
  return (host: string, options: { all?: boolean }, callback: LookupCallback) => {
    void destination(host, resolve, allowLoopback(host)).then((d) => {
      if (!d.ok) callback(new DestinationRefused(host, d.reason), '', 4);
      else if (options.all) callback(null, [{ address: d.address, family: d.family }]);
      else callback(null, d.address, d.family);
    });
  };
}

export interface OutboundRequest {
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array | null;
  /** Where the connection goes: `checkedLookup(…)`. */
  lookup: ReturnType<typeof checkedLookup>;
  timeoutMs: number;
}

/**
 * One request, answered with its status: sent to the address `lookup` checked, and never following a
 * redirect (a 3xx is just the answer — a redirect could point anywhere, this machine included).
 */
export async function sendOnce(url: URL, req: OutboundRequest): Promise<number> {
  const { request } = url.protocol === 'https:' ? await import('node:https') : await import('node:http');
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: req.method,
        headers: req.headers,
        lookup: req.lookup as never,
        signal: AbortSignal.timeout(req.timeoutMs),
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
        answer.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(req.body ? Buffer.from(req.body) : undefined);
  });
}
