/**
 * issue 17 "SSRF": a webhook goes to public addresses only. A URL whose host is, or resolves to, a
 * loopback, private, link-local (the cloud metadata address 169.254.169.254 among them),
 * unspecified, shared (CGNAT) or multicast address is refused, in IPv4, IPv6 and IPv4-mapped IPv6
 * (`::ffff:127.0.0.1`). The check runs where the connection is made (`publicOnlyLookup`), so a
 * DNS answer cannot change between the check and the connect.
 */
import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the metadata address 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 3], // multicast, reserved and broadcast
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
refused.addAddress('::', 'ipv6');
refused.addAddress('::1', 'ipv6');
for (const [network, prefix] of [
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some stacks)
  ['ff00::', 8], // multicast
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}
// node's BlockList checks an IPv4-mapped IPv6 address (::ffff:a.b.c.d) against the IPv4 rules.

/** True for an IP address a webhook may not reach; false for a public one or a non-address. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return false;
  return refused.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** Every address a host name resolves to (an injected one in tests). */
export type HostResolver = (hostname: string) => Promise<string[]>;

export const resolveHost: HostResolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve(addresses.map((entry) => entry.address));
    });
  });

export class PrivateAddressError extends Error {
  override name = 'PrivateAddressError';
  readonly code = 'EPRIVATEADDRESS';
}

function refusal(hostname: string, address: string): PrivateAddressError {
  return new PrivateAddressError(
    hostname === address
      ? `${address} is not a public address; the webhook was not sent`
      : `${hostname} resolves to ${address}, which is not a public address; the webhook was not sent`,
  );
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * The first private address of the URL's host (itself when it is an address), or null when every
 * address is public. A host that does not resolve now has none: the connection checks again.
 */
export async function privateAddressOf(
  url: URL,
  resolve: HostResolver = resolveHost,
): Promise<string | null> {
  const host = hostOf(url);
  if (isIP(host) !== 0) return isPrivateAddress(host) ? host : null;
  const addresses = await resolve(host).catch(() => []);
  return addresses.find(isPrivateAddress) ?? null;
}

/**
 * The `lookup` of node's `http.request`: resolves the host once and hands the connection only
 * public addresses; a host with any private address is refused outright. node does not call it
 * for a literal address, which `refuseLiteralPrivateAddress` checks instead.
 */
export function publicOnlyLookup(resolve: HostResolver = resolveHost): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const blocked = addresses.find(isPrivateAddress);
        if (blocked) return callback(refusal(hostname, blocked), '', 0);
        const entries = addresses
          .map((address) => ({ address, family: isIP(address) }))
          .filter((entry) => !options.family || entry.family === options.family);
        const first = entries[0];
        if (!first) {
          const error: NodeJS.ErrnoException = new Error(`${hostname} has no address`);
          error.code = 'ENOTFOUND';
          return callback(error, '', 0);
        }
        if (options.all) return callback(null, entries);
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/** Throws for a URL whose host is itself a private address (no lookup is made for it). */
export function refuseLiteralPrivateAddress(url: URL): void {
  const host = hostOf(url);
  if (isIP(host) !== 0 && isPrivateAddress(host)) throw refusal(host, host);
}
