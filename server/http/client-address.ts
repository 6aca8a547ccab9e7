/**
 * Which client a request came from, behind the proxies the shop trusts (docs/requirements.md §14, decision
 * 018). A proxy such as nginx (`$proxy_add_x_forwarded_for`) APPENDS the address it saw to
 * `X-Forwarded-For`, after whatever the client sent, so the leftmost entry is the client's own
 * claim and can say anything. With `TRUST_PROXY=N`, the shop trusts the N proxies in front of it:
 * the client is the address the outermost of them added, N entries from the right of the chain
 * that ends with the socket's address (as Express's `trust proxy` with a hop count). A shorter
 * chain than N gives its leftmost entry.
 */

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
