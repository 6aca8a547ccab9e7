/**
 * Which client a request came from, behind the proxies the shop trusts (issue 26 item 7, decision
 * 018). A proxy such as nginx (`$proxy_add_x_forwarded_for`) APPENDS the address it saw to
 * `X-Forwarded-For`, after whatever the client sent, so the leftmost entry is the client's own
 * claim and can say anything. With `TRUST_PROXY=N`, the shop trusts the N proxies in front of it:
 * the client is the address the outermost of them added, N entries from the right of the chain
 * that ends with the socket's address (as Express's `trust proxy` with a hop count). A shorter
 * chain than N gives its leftmost entry.
 */
import ipaddr from 'ipaddr.js';

/** The address of the client, from the socket and the forwarded chain. */
export function clientAddressFrom(
  socketAddress: string,
  forwardedFor: string | undefined,
  trustedHops: number,
): string {
  if (trustedHops === 0 || !forwardedFor) return socketAddress;
  const chain = [
    ...forwardedFor
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
    socketAddress,
  ];
  return chain[Math.max(0, chain.length - 1 - trustedHops)] ?? socketAddress;
}

/**
 * How the browser reached the outermost trusted proxy (`X-Forwarded-Proto`): the value that proxy
 * set or added, the rightmost one; nothing when no proxy is trusted.
 */
export function forwardedProtocolFrom(
  forwardedProto: string | undefined,
  trustedHops: number,
): string | null {
  if (trustedHops === 0 || !forwardedProto) return null;
  const values = forwardedProto
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
  return values.at(-1) ?? null;
}

/**
 * The client a per-address limit counts (docs/decisions/018-accounts-proxies-and-guesses.md,
 * docs/requirements.md §14): an IPv6 address's /64 network, since one subscriber is handed a whole
 * /64 and can take a fresh address in it for every request; an IPv4 address whole, also when it is
 * written in IPv6 (`::ffff:198.51.100.7`, as a dual-stack socket reports it). Anything that is not
 * an address (`unknown`, when there is no socket) is counted as it is. Every limiter key built from
 * a client address is built from this, and only from this.
 */
export function rateLimitAddress(address: string): string {
  const trimmed = address.trim();
  if (!ipaddr.isValid(trimmed)) return trimmed;
  const parsed = ipaddr.process(trimmed);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = [...(parsed as ipaddr.IPv6).parts.slice(0, 4), 0, 0, 0, 0];
  return `${new ipaddr.IPv6(network).toString()}/64`;
}
