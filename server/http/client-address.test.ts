import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { clientAddressFrom, forwardedProtocolFrom } from './client-address';

const SOCKET = '10.0.0.2'; // the proxy, as the shop's socket sees it

// docs/requirements.md §14, decision 018: what each proxy sends, and the client the shop must see.
describe('the client address behind trusted proxies', () => {
  it('takes the address nginx added, not the one the client wrote (proxy_add_x_forwarded_for appends)', () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; nginx appended the address it saw.
    const forwarded = '6.6.6.6, 198.51.100.7';
    expect(clientAddressFrom(SOCKET, forwarded, 1)).toBe('198.51.100.7');
    // Each spoofed value is the same client: a per-address limit cannot be walked around.
    expect(clientAddressFrom(SOCKET, '1.2.3.4, 198.51.100.7', 1)).toBe('198.51.100.7');
    expect(clientAddressFrom(SOCKET, '198.51.100.7', 1)).toBe('198.51.100.7');
  });

  it("takes Caddy's address: by default it replaces what an untrusted client sent", () => {
    expect(clientAddressFrom(SOCKET, '198.51.100.7', 1)).toBe('198.51.100.7');
  });

  it('counts hops: behind a CDN and nginx (TRUST_PROXY=2), the address the CDN added', () => {
    // client → CDN (adds the client) → nginx (adds the CDN's edge) → shop
    expect(clientAddressFrom(SOCKET, '6.6.6.6, 198.51.100.7, 203.0.113.40', 2)).toBe(
      '198.51.100.7',
    );
    // A chain shorter than the hops gives its leftmost entry.
    expect(clientAddressFrom(SOCKET, '198.51.100.7', 3)).toBe('198.51.100.7');
  });

  it('trusts no header without TRUST_PROXY, and none that is empty', () => {
    expect(clientAddressFrom(SOCKET, '6.6.6.6', 0)).toBe(SOCKET);
    expect(clientAddressFrom(SOCKET, undefined, 1)).toBe(SOCKET);
    expect(clientAddressFrom(SOCKET, ' , ', 1)).toBe(SOCKET);
  });

  it('reads the protocol the trusted proxy set, the rightmost value', () => {
    expect(forwardedProtocolFrom('https', 1)).toBe('https');
    expect(forwardedProtocolFrom('http, https', 1)).toBe('https');
    expect(forwardedProtocolFrom('https, http', 1)).toBe('http');
    expect(forwardedProtocolFrom('https', 0)).toBeNull();
  });

  it('takes TRUST_PROXY as false, true (one proxy) or a number of proxies', () => {
    const config = (value?: string) =>
      loadConfig({ AUTH_SECRET: 'x'.repeat(32), ...(value ? { TRUST_PROXY: value } : {}) });
    expect(config().trustProxy).toBe(0);
    expect(config('false').trustProxy).toBe(0);
    expect(config('true').trustProxy).toBe(1);
    expect(config('2').trustProxy).toBe(2);
    expect(() => config('yes')).toThrow(/TRUST_PROXY/);
  });
});
