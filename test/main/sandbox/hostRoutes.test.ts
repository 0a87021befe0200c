// The kernel's tables as /proc prints them (captured from a network namespace with an interface
// without carrier, one set down, AnyIP routes and a LAN): what is this machine's, what is on link.
import { describe, expect, it } from 'vitest';
import { parseFibTrie, parseIfInet6, parseIPv4Routes, parseIPv6Routes } from '../../../src/main/sandbox/hostRoutes';

const FIB_TRIE = `Main:
  +-- 0.0.0.0/0 2 0 2
     |-- 0.0.0.0
        /0 universe UNICAST
     +-- 127.0.0.0/8 2 0 2
        +-- 127.0.0.0/31 1 0 0
           |-- 127.0.0.0
              /8 host LOCAL
           |-- 127.0.0.1
              /32 host LOCAL
        |-- 127.255.255.255
           /32 link BROADCAST
     |-- 192.0.2.10
        /32 universe UNICAST
     |-- 198.51.100.0
        /24 host LOCAL
     +-- 203.0.113.0/24 3 0 3
        |-- 203.0.113.0
           /24 link UNICAST
        |-- 203.0.113.77
           /32 host LOCAL
        |-- 203.0.113.99
           /32 host LOCAL
        |-- 203.0.113.128
           /25 link UNICAST
        |-- 203.0.113.255
           /32 link BROADCAST
Id 52:
  +-- 0.0.0.0/0 2 0 2
     |-- 0.0.0.0
        /1 link UNICAST
     |-- 198.18.0.0
        /15 link UNICAST
`;

describe('/proc/net/fib_trie', () => {
  it('LOCAL entries are this machine (addresses and whole local routes), link UNICAST ones on link, in every table', () => {
    const { local, onLink } = parseFibTrie(FIB_TRIE);
    expect(local).toEqual([
      { address: '127.0.0.0', length: 8 },
      { address: '127.0.0.1', length: 32 },
      { address: '198.51.100.0', length: 24 },
      { address: '203.0.113.77', length: 32 },
      { address: '203.0.113.99', length: 32 },
    ]);
    // Not the gatewayed routes, not broadcast entries, not a tunnel's /1 way out.
    expect(onLink).toEqual([
      { address: '203.0.113.0', length: 24 },
      { address: '203.0.113.128', length: 25 },
      { address: '198.18.0.0', length: 15 },
    ]);
  });

  it('reads nothing from an empty or unreadable file', () => {
    expect(parseFibTrie('')).toEqual({ local: [], onLink: [] });
  });
});

const ROUTE = `Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
eth0\t00000000\t010200C0\t0003\t0\t0\t0\t00000000\t0\t0\t0
eth0\t000200C0\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0
pdk-h\t807100CB\t00000000\t0001\t0\t0\t0\t80FFFFFF\t0\t0\t0
pdk-h\t0A0200C0\t020512C6\t0007\t0\t0\t0\tFFFFFFFF\t0\t0\t0
tun0\t00000000\t00000000\t0001\t0\t0\t0\t00000080\t0\t0\t0
eth0\t00006433\t00000000\t0201\t0\t0\t0\t00FFFFFF\t0\t0\t0
`;

describe('/proc/net/route', () => {
  it('a route up with no gateway is on link; not the default, a gatewayed one, a reject one or a tunnel half', () => {
    expect(parseIPv4Routes(ROUTE, true)).toEqual([
      { address: '192.0.2.0', length: 24 },
      { address: '203.0.113.128', length: 25 },
    ]);
  });

  it('reads the fields in the byte order the machine prints them', () => {
    expect(parseIPv4Routes('head\neth0\tC0000200\t00000000\t0001\t0\t0\t0\tFFFFFF00\t0\t0\t0\n', false)).toEqual([
      { address: '192.0.2.0', length: 24 },
    ]);
  });
});

const IPV6_ROUTE = `20010db8000500000000000000000000 40 00000000000000000000000000000000 00 00000000000000000000000000000000 00000100 00000001 00000000 00000001    pdk-h
20010db8000600000000000000000000 40 00000000000000000000000000000000 00 00000000000000000000000000000000 00000400 00000001 00000000 00000001    pdk-h
20010db800ff00000000000000000010 80 00000000000000000000000000000000 00 20010db8000500000000000000000002 00000400 00000001 00000000 00000003    pdk-h
fe800000000000000000000000000000 40 00000000000000000000000000000000 00 00000000000000000000000000000000 00000100 00000001 00000000 00000001    pdk-h
00000000000000000000000000000000 00 00000000000000000000000000000000 00 00000000000000000000000000000000 ffffffff 00000001 00000000 00200200       lo
00000000000000000000000000000001 80 00000000000000000000000000000000 00 00000000000000000000000000000000 00000000 00000003 00000000 80200001       lo
20010db8009900000000000000000000 40 00000000000000000000000000000000 00 00000000000000000000000000000000 00000400 00000001 00000000 80000001       lo
20010db8000500000000000000000000 80 00000000000000000000000000000000 00 00000000000000000000000000000000 00000000 00000001 00000000 00100001    pdk-h
20000000000000000000000000000000 03 00000000000000000000000000000000 00 00000000000000000000000000000000 00000400 00000001 00000000 00000001    wg0
`;

describe('/proc/net/ipv6_route', () => {
  it('local and anycast routes are this machine; routes up with next hop :: and no gateway are on link', () => {
    expect(parseIPv6Routes(IPV6_ROUTE)).toEqual({
      local: [
        { address: '0000:0000:0000:0000:0000:0000:0000:0001', length: 128 },
        { address: '2001:0db8:0099:0000:0000:0000:0000:0000', length: 64 },
        { address: '2001:0db8:0005:0000:0000:0000:0000:0000', length: 128 },
      ],
      onLink: [
        { address: '2001:0db8:0005:0000:0000:0000:0000:0000', length: 64 },
        { address: '2001:0db8:0006:0000:0000:0000:0000:0000', length: 64 },
        { address: 'fe80:0000:0000:0000:0000:0000:0000:0000', length: 64 },
      ],
    });
  });
});

describe('/proc/net/if_inet6', () => {
  it('every address is this machine, whatever its interface state; its subnet is on link', () => {
    const text = `20010db8007700000000000000000001 03 40 00 82   pdk-va
00000000000000000000000000000001 01 80 10 80       lo
20010db8000500000000000000000001 04 40 00 80    pdk-h
`;
    expect(parseIfInet6(text)).toEqual({
      local: [
        { address: '2001:0db8:0077:0000:0000:0000:0000:0001', length: 128 },
        { address: '0000:0000:0000:0000:0000:0000:0000:0001', length: 128 },
        { address: '2001:0db8:0005:0000:0000:0000:0000:0001', length: 128 },
      ],
      onLink: [
        { address: '2001:0db8:0077:0000:0000:0000:0000:0001', length: 64 },
        { address: '2001:0db8:0005:0000:0000:0000:0000:0001', length: 64 },
      ],
    });
  });
});
