/** Pure: no database, no request; the server's limits and counts share it. */
import ipaddr from 'ipaddr.js';

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
