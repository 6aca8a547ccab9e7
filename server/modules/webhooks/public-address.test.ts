import { describe, expect, it } from 'vitest';
import { isLocalhostName, isPrivateAddress } from './public-address';

describe('the public-address rule of webhooks', () => {
  it('refuses loopback, private, link-local, shared, multicast and unspecified addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.100',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '[::1]',
      'fc00::1',
      'fd12:3456::1',
      'fe80::abcd',
      'fec0::1',
      'ff02::1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it('reads the IPv4 address inside IPv6 forms that carry one, and refuses Teredo', () => {
    for (const address of [
      // IPv4-mapped
      '[::ffff:127.0.0.1]',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      // IPv4-compatible (::/96)
      '[::127.0.0.1]',
      '::a9fe:a9fe',
      // NAT64, the well-known prefix: 127.0.0.1, 10.0.0.1, 192.168.0.1
      '[64:ff9b::7f00:1]',
      '[64:ff9b::a00:1]',
      '64:ff9b::192.168.0.1',
      // NAT64, the local-use prefix: 127.0.0.1; then an address whose IPv4 cannot be told
      '[64:ff9b:1::7f00:1]',
      '64:ff9b:1:ab::808:808',
      // 6to4: 127.0.0.1, 169.254.169.254, 10.0.0.1
      '[2002:7f00:1::]',
      '[2002:a9fe:a9fe::]',
      '2002:a00:1:1::1',
      // Teredo
      '[2001:0:4136:e378:8000:63bf:3fff:fdd2]',
      '2001::1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it('refuses the other special-purpose blocks of the IANA registries', () => {
    for (const address of [
      // documentation
      '192.0.2.1',
      '198.51.100.7',
      '203.0.113.10',
      '[2001:db8::1]',
      '3fff::1',
      // reserved, benchmarking, IETF protocol assignments, 6to4 relay anycast
      '240.0.0.1',
      '198.18.0.1',
      '192.0.0.9',
      '192.88.99.1',
      '2001:2::1',
      // discard-only, IPv4-translated (RFC 6145), ORCHID and ORCHIDv2, SRv6 SIDs
      '100::1',
      '::ffff:0:7f00:1',
      '::ffff:0:808:808',
      '2001:10::1',
      '2001:20::1',
      '5f00::1',
      // outside IANA's global unicast 2000::/3
      '4000::1',
      '100:0:0:1::1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it('lets public addresses through, NAT64 and 6to4 forms of a public IPv4 address among them', () => {
    for (const address of [
      '93.184.215.14',
      '8.8.8.8',
      '172.32.0.1',
      '100.128.0.1',
      '[2606:4700:4700::1111]',
      '2606:4700::1111',
      '2a00:1450:4001:82b::200e',
      // 8.8.8.8 by NAT64 (what DNS64 answers on an IPv6-only network), mapped, and by 6to4
      '[64:ff9b::808:808]',
      '64:ff9b::8.8.8.8',
      '[64:ff9b:1::808:808]',
      '::ffff:8.8.8.8',
      '[2002:808:808::]',
    ]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('answers false for what is not an address: the name is checked by what it resolves to', () => {
    expect(isPrivateAddress('hooks.example.com')).toBe(false);
    expect(isPrivateAddress('')).toBe(false);
  });

  it('knows the localhost names, with or without the trailing dot', () => {
    for (const name of [
      'localhost',
      'localhost.',
      'LOCALHOST',
      'foo.localhost',
      'a.b.localhost.',
    ]) {
      expect(isLocalhostName(name), name).toBe(true);
    }
    for (const name of ['localhost.example.com', 'notlocalhost', 'example.com', '127.0.0.1']) {
      expect(isLocalhostName(name), name).toBe(false);
    }
  });
});
