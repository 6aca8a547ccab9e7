/**
 * docs/requirements.md §11 "SSRF": a webhook goes to public addresses only. A URL whose host is, or resolves to,
 * an address that is not ordinary global unicast (loopback, private, link-local with the cloud
 * metadata address 169.254.169.254, unspecified, shared (CGNAT), multicast, documentation,
 * reserved, or any other special-purpose block) is refused, in IPv4 and IPv6. The check runs where
 * the connection is made (`publicOnlyLookup`), so a DNS answer cannot change between the check and
 * the connect.
 *
 * docs/requirements.md §11: an IPv6 address that carries an IPv4 address (IPv4-mapped, IPv4-compatible, NAT64,
 * 6to4) is as public as the IPv4 address it carries; the owner's endpoint must use https:// in
 * production, may not be a `localhost` name, and must resolve.
 *
 * ipaddr.js parses every IPv6 text form into its eight words (which the embedded IPv4 address is
 * read from) and classifies an address by the IANA special-purpose registries.
 */
import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { webhookTexts } from '../../../core/api/api-access';

/** An IPv4 address from two 16-bit words of an IPv6 address. */
function ipv4FromWords(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** The IPv4 address in the last 32 bits, where RFC 4291 and the /96 form of RFC 6052 put it. */
const lastThirtyTwoBits = (parts: number[]) => ipv4FromWords(parts[6]!, parts[7]!);

/**
 * docs/requirements.md §11: the IPv6 blocks that carry an IPv4 address, and where it sits in them. A network that
 * reaches IPv4 through NAT64 with DNS64 answers 64:ff9b::a.b.c.d for every IPv4-only host, so the
 * carried address decides, not the block. `null`: the carried address cannot be told.
 */
const ipv4Carriers: {
  block: [ipaddr.IPv6, number];
  carried(parts: number[]): ipaddr.IPv4 | null;
}[] = [
  // IPv4-mapped (RFC 4291 §2.5.5.2)
  { block: ipaddr.IPv6.parseCIDR('::ffff:0:0/96'), carried: lastThirtyTwoBits },
  // IPv4-compatible, deprecated (RFC 4291 §2.5.5.1); `::` and `::1` fall here and are refused
  // as 0.0.0.0 and 0.0.0.1
  { block: ipaddr.IPv6.parseCIDR('::/96'), carried: lastThirtyTwoBits },
  // NAT64's well-known prefix (RFC 6052)
  { block: ipaddr.IPv6.parseCIDR('64:ff9b::/96'), carried: lastThirtyTwoBits },
  {
    // NAT64's local-use prefix (RFC 8215). Its operator picks a prefix of 48 to 96 bits inside
    // it, and the IPv4 address sits elsewhere for each length (RFC 6052 §2.2). With bits 48–95
    // zero only the /96 reading gives a routable address; any other address is refused, as
    // its IPv4 address cannot be told.
    block: ipaddr.IPv6.parseCIDR('64:ff9b:1::/48'),
    carried: (parts) =>
      parts[3] === 0 && parts[4] === 0 && parts[5] === 0 ? lastThirtyTwoBits(parts) : null,
  },
  // 6to4 (RFC 3056): the IPv4 address in bits 16–47
  {
    block: ipaddr.IPv6.parseCIDR('2002::/16'),
    carried: (parts) => ipv4FromWords(parts[1]!, parts[2]!),
  },
];

/**
 * docs/requirements.md §11: IANA's global unicast space; the rest of IPv6 is unique-local, link-local, multicast
 * or reserved by the IETF (among it ::/8 without the carriers above, and 100::/64 discard).
 */
const globalUnicast = ipaddr.IPv6.parseCIDR('2000::/3');

function isPublicIPv4(address: ipaddr.IPv4): boolean {
  // ipaddr.js names every special-purpose block of IANA's IPv4 registry (private, loopback,
  // documentation, 240.0.0.0/4…); only an address outside all of them is 'unicast'.
  return address.range() === 'unicast';
}

function isPublicIPv6(address: ipaddr.IPv6): boolean {
  const carrier = ipv4Carriers.find((candidate) => address.match(candidate.block));
  if (carrier) {
    const carried = carrier.carried(address.parts);
    return carried !== null && isPublicIPv4(carried);
  }
  // docs/requirements.md §11: Teredo (2001::/32, range 'teredo') is refused here with the other special-purpose
  // blocks: it is deprecated and the IPv4 addresses inside are obfuscated.
  return address.match(globalUnicast) && address.range() === 'unicast';
}

/** True for an IP address a webhook may not reach; false for a public one or a non-address. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return false;
  return family === 4
    ? !isPublicIPv4(ipaddr.IPv4.parse(bare))
    : !isPublicIPv6(ipaddr.IPv6.parse(bare));
}

/**
 * docs/requirements.md §11: `localhost`, `localhost.` and every `*.localhost` name are this machine (RFC 6761),
 * whatever a resolver answers for them.
 */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
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

/** What the owner is told when an endpoint's URL is refused, besides `webhookTexts.urlPrivate`. */
export const endpointUrlTexts = {
  httpsRequired:
    "Webhook endpoints must use https:// (they carry customers' names, e-mails and mobiles)",
  unresolved: (host: string) => `${host} does not resolve; check the address`,
};

/** How an endpoint's URL is checked when it is added. */
export interface EndpointUrlRules {
  /** In production: a plain-http endpoint is refused. */
  requireHttps: boolean;
  resolve?: HostResolver;
}

/**
 * Why the owner may not add this URL as an endpoint, or null when it may be added. Checked for the
 * owner's sake; each delivery checks the address again as it connects.
 */
export async function endpointUrlRefusal(
  url: URL,
  rules: EndpointUrlRules,
): Promise<string | null> {
  // docs/requirements.md §14: an endpoint receives customers' names, e-mails and mobiles; never in clear text.
  if (rules.requireHttps && url.protocol !== 'https:') return endpointUrlTexts.httpsRequired;
  const host = hostOf(url);
  // docs/requirements.md §11: a localhost name is refused whatever it resolves to.
  if (isLocalhostName(host)) return webhookTexts.urlPrivate;
  if (isIP(host) !== 0) return isPrivateAddress(host) ? webhookTexts.urlPrivate : null;
  const addresses = await (rules.resolve ?? resolveHost)(host).catch(() => []);
  // docs/requirements.md §11: a name that does not resolve is the owner's typo, not an address to accept.
  if (addresses.length === 0) return endpointUrlTexts.unresolved(host);
  return addresses.some(isPrivateAddress) ? webhookTexts.urlPrivate : null;
}

/**
 * The `lookup` of node's `http.request`: resolves the host once and hands the connection only
 * public addresses; a host with any private address is refused outright. node does not call it
 * for a literal address, which `refuseLiteralPrivateAddress` checks instead.
 */
export function publicOnlyLookup(resolve: HostResolver = resolveHost): LookupFunction {
  return (hostname, options, callback) => {
    // docs/requirements.md §11: a localhost name is never reached, whatever it resolves to.
    if (isLocalhostName(hostname)) {
      const error = new PrivateAddressError(
        `${hostname} is this machine, not a public address; the webhook was not sent`,
      );
      return callback(error, '', 0);
    }
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
