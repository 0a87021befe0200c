// Linux's own tables of this machine's addresses and attached networks, as /proc prints them. Pure:
// `hostNetwork.ts` reads the files. Unlike `os.networkInterfaces()` (libuv lists only interfaces that
// are up and running), these hold what the kernel answers on whatever an interface's state: an
// address on an interface set down or without carrier, a `local` route on no interface (AnyIP).
import type { MachineNetwork, Prefix } from './domains';

/**
 * A route with no gateway shorter than this (IPv4 /8, IPv6 /16) is a tunnel's way out (a VPN's
 * `0.0.0.0/1 dev tun0`), not a network this machine sits on: it is not counted as on link.
 */
const ON_LINK_MIN = { v4: 8, v6: 16 };

const RTF_UP = 0x1;
const RTF_GATEWAY = 0x2;
const RTF_REJECT = 0x200;
const RTF_ANYCAST = 0x00100000;
const RTF_CACHE = 0x01000000;
const RTF_LOCAL = 0x80000000;

function v6FromHex(hex: string): string | null {
  if (!/^[0-9a-f]{32}$/i.test(hex)) return null;
  return (hex.toLowerCase().match(/.{4}/g) ?? []).join(':');
}

/**
 * `/proc/net/fib_trie`, every table: a leaf `|-- a.b.c.d` followed by its entries `/len scope TYPE`.
 * `LOCAL` entries are this machine's (an address, or a whole `local` route); `link UNICAST` ones are
 * networks reached with no gateway.
 */
export function parseFibTrie(text: string): MachineNetwork {
  const local: Prefix[] = [];
  const onLink: Prefix[] = [];
  let leaf: string | null = null;
  for (const line of text.split('\n')) {
    const node = /^\s*\|-- ([0-9.]+)\s*$/.exec(line);
    if (node) {
      leaf = node[1]!;
      continue;
    }
    if (/^\s*\+-- /.test(line) || /^\S/.test(line)) {
      leaf = null;
      continue;
    }
    const entry = /^\s*\/([0-9]{1,2}) (\S+) (\S+)/.exec(line);
    if (!entry || leaf === null) continue;
    const length = Number(entry[1]);
    if (entry[3] === 'LOCAL') local.push({ address: leaf, length });
    else if (entry[2] === 'link' && entry[3] === 'UNICAST' && length >= ON_LINK_MIN.v4)
      onLink.push({ address: leaf, length });
  }
  return { local, onLink };
}

/** A 32-bit field of /proc/net/route (the kernel prints the address's bytes as a host-order number). */
function v4FromHex(hex: string, littleEndian: boolean): number[] | null {
  if (!/^[0-9a-f]{8}$/i.test(hex)) return null;
  const bytes = (hex.match(/.{2}/g) ?? []).map((pair) => parseInt(pair, 16));
  return littleEndian ? bytes.reverse() : bytes;
}

function maskLength(mask: readonly number[]): number {
  return mask.reduce((bits, byte) => bits + byte.toString(2).replace(/0/g, '').length, 0);
}

/** `/proc/net/route` (the main IPv4 table): a route that is up, with no gateway and not a reject route, is on link. */
export function parseIPv4Routes(text: string, littleEndian: boolean): Prefix[] {
  const onLink: Prefix[] = [];
  for (const line of text.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 8) continue;
    const [destination, flags, mask] = [
      v4FromHex(fields[1]!, littleEndian),
      parseInt(fields[3]!, 16),
      v4FromHex(fields[7]!, littleEndian),
    ];
    if (!destination || !mask || !Number.isInteger(flags)) continue;
    if ((flags & RTF_UP) === 0 || (flags & (RTF_GATEWAY | RTF_REJECT)) !== 0) continue;
    const length = maskLength(mask);
    if (length >= ON_LINK_MIN.v4) onLink.push({ address: destination.join('.'), length });
  }
  return onLink;
}

/**
 * `/proc/net/ipv6_route` (every table): a `local` or anycast route is this machine's; a route that is
 * up with next hop `::`, no gateway and not a reject or cached one is on link.
 */
export function parseIPv6Routes(text: string): MachineNetwork {
  const local: Prefix[] = [];
  const onLink: Prefix[] = [];
  for (const line of text.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10) continue;
    const destination = v6FromHex(fields[0]!);
    const length = parseInt(fields[1]!, 16);
    const nextHop = fields[4];
    // The flags use all 32 bits: read unsigned.
    const flags = parseInt(fields[8]!, 16) >>> 0;
    if (!destination || !Number.isInteger(length) || !Number.isInteger(flags)) continue;
    if ((flags & (RTF_LOCAL | RTF_ANYCAST)) !== 0) {
      local.push({ address: destination, length });
      continue;
    }
    if ((flags & RTF_UP) === 0 || (flags & (RTF_GATEWAY | RTF_REJECT | RTF_CACHE)) !== 0 || !/^0{32}$/.test(nextHop!))
      continue;
    if (length >= ON_LINK_MIN.v6) onLink.push({ address: destination, length });
  }
  return { local, onLink };
}

/** `/proc/net/if_inet6`: every IPv6 address of every interface, up or down, tentative or not; and its subnet, on link. */
export function parseIfInet6(text: string): MachineNetwork {
  const local: Prefix[] = [];
  const onLink: Prefix[] = [];
  for (const line of text.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 6) continue;
    const address = v6FromHex(fields[0]!);
    const length = parseInt(fields[2]!, 16);
    if (!address || !Number.isInteger(length)) continue;
    local.push({ address, length: 128 });
    if (length >= ON_LINK_MIN.v6 && length < 128) onLink.push({ address, length });
  }
  return { local, onLink };
}
