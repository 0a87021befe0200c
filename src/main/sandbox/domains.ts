// The per-agent network allowlist (issue 13 §3): which host names and ports an agent's contained
// processes may reach through Paddock's filtering proxy. Pure. An entry is a DNS name
// (`registry.npmjs.org`) or a wildcard for its subdomains (`*.npmjs.org`, which does not match
// `npmjs.org` itself); a bare entry admits ports 80 and 443 (web traffic), `name:port` that one port
// only (the owner chose to let raw TCP through there). Never an IP literal or `localhost`: the
// proxy refuses this machine's and private addresses anyway, and a name is what the owner can read
// and judge.

import { networkNeed } from '../policy/containedNetwork';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const LOCAL_NAMES = new Set(['localhost', 'localhost.localdomain', 'ip6-localhost', 'ip6-loopback']);

/** The ports a bare entry (no port named) admits: HTTP and HTTPS. */
export const WEB_PORTS: readonly number[] = [80, 443];

/** Where the owner allows domains; every refusal that can be lifted names it. */
export const ALLOW_WHERE = 'Settings → Developer → Sandbox';

export type DomainEntryCheck = { ok: true; entry: string } | { ok: false; reason: string };

/** Normalises one entry the owner typed (case, a trailing dot, a port's zeros) or says why it cannot be allowed. */
export function checkDomainEntry(raw: string): DomainEntryCheck {
  const lowered = raw.trim().toLowerCase();
  if (lowered === '') return { ok: false, reason: 'an empty entry' };
  const withPort = /^(.*):([0-9]{1,5})$/.exec(lowered);
  const port = withPort ? Number(withPort[2]) : null;
  if (port !== null && (port < 1 || port > 65535))
    return { ok: false, reason: `\`${raw}\` names no port (a port is 1 to 65535)` };
  const typed = (withPort ? withPort[1] : lowered)!.replace(/\.$/, '');
  const wildcard = typed.startsWith('*.');
  const name = wildcard ? typed.slice(2) : typed;
  if (name.length > 253) return { ok: false, reason: `\`${raw}\` is longer than a DNS name can be` };
  const labels = name.split('.');
  if (!labels.every((label) => LABEL.test(label))) {
    return {
      ok: false,
      reason: `\`${raw}\` is not a domain name (letters, digits and hyphens between dots; \`*.\` only at the start; \`:port\` only at the end)`,
    };
  }
  if (LOCAL_NAMES.has(name) || name.endsWith('.localhost'))
    return { ok: false, reason: `\`${raw}\` is this machine: its ports are never reachable from the sandbox` };
  if (labels.length < 2)
    return { ok: false, reason: `\`${raw}\` has no dot: allow a full name such as registry.npmjs.org` };
  if (labels.every((label) => /^[0-9]+$/.test(label)) || /^[0-9]+$/.test(labels[labels.length - 1]!)) {
    return { ok: false, reason: `\`${raw}\` is an address, not a name: allow the domain name` };
  }
  const entry = wildcard ? `*.${name}` : name;
  return { ok: true, entry: port === null ? entry : `${entry}:${port}` };
}

/** A checked entry's name part (wildcard kept) and the ports it admits. */
export function entryParts(entry: string): { name: string; ports: readonly number[] } {
  const withPort = /^(.*):([0-9]{1,5})$/.exec(entry);
  return withPort ? { name: withPort[1]!, ports: [Number(withPort[2])] } : { name: entry, ports: WEB_PORTS };
}

/** An allowed-domains list with an entry the rule refuses; its message names each. */
export class DomainListRefusal extends Error {}

/** The checked entries of a list the owner saves, or a DomainListRefusal naming what the rule refuses. */
export function checkedDomainList(list: readonly string[]): string[] {
  const parsed = parseDomainList(list.join(' '));
  if (parsed.refused.length > 0) throw new DomainListRefusal(`refused: ${parsed.refused.join('; ')}`);
  return parsed.entries;
}

/** The owner's list as typed (commas, spaces or lines), each entry checked; duplicates dropped. */
export function parseDomainList(text: string): { entries: string[]; refused: string[] } {
  const entries: string[] = [];
  const refused: string[] = [];
  for (const part of text.split(/[\s,]+/)) {
    if (part === '') continue;
    const check = checkDomainEntry(part);
    if (!check.ok) refused.push(check.reason);
    else if (!entries.includes(check.entry)) entries.push(check.entry);
  }
  return { entries, refused };
}

function nameMatches(name: string, entryName: string): boolean {
  return entryName.startsWith('*.')
    ? name.endsWith(entryName.slice(1)) && name.length > entryName.length - 1
    : name === entryName;
}

/**
 * Whether `host:port` (as a client asked for it) is on `allowed`, and if not, which rule refuses it:
 * `name` (no entry names the host) or `port` (entries name it, none admits this port). Case and
 * one trailing dot of the host ignored.
 */
export function admission(
  host: string,
  port: number,
  allowed: readonly string[],
): { admitted: true } | { admitted: false; rule: 'name' | 'port' } {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (!name.split('.').every((label) => LABEL.test(label))) return { admitted: false, rule: 'name' };
  const named = allowed.map(entryParts).filter((entry) => nameMatches(name, entry.name));
  if (named.length === 0) return { admitted: false, rule: 'name' };
  return named.some((entry) => entry.ports.includes(port)) ? { admitted: true } : { admitted: false, rule: 'port' };
}

/** Whether `host:port` is on `allowed` (see `admission`). */
export function domainAllowed(host: string, port: number, allowed: readonly string[]): boolean {
  return admission(host, port, allowed).admitted;
}

/** The sentence a refusal of `host:port` by the allowlist says: which rule, and how the owner allows it. */
export function admissionRefusal(host: string, port: number, rule: 'name' | 'port'): string {
  const name = host.toLowerCase().replace(/\.$/, '');
  const entry = WEB_PORTS.includes(port) ? name : `${name}:${port}`;
  if (rule === 'port')
    return `port ${port} of ${name} is not allowed: a domain without a port allows only 80 and 443 (allow \`${entry}\` in ${ALLOW_WHERE})`;
  return `${name} is not on this agent's allowed domains (allow \`${entry}\` in ${ALLOW_WHERE})`;
}

/** This machine's interfaces as `os.networkInterfaces()` gives them (the addresses and their subnets are read). */
export type InterfaceList = Readonly<
  Record<string, readonly { readonly address: string; readonly cidr?: string | null }[] | undefined>
>;

/** An address block: `address` with its first `length` bits fixed (a single address is /32 or /128). */
export interface Prefix {
  readonly address: string;
  readonly length: number;
}

/**
 * This machine's network as the proxy reads it at a decision. `local`: what this machine answers on
 * itself (every address of every interface whatever its state, `local` routes, what the kernel said is
 * local); `onLink`: the networks attached directly (routes with no gateway, each interface's subnet),
 * where a neighbour is a host on the owner's LAN whatever its addresses.
 */
export interface MachineNetwork {
  readonly local: readonly Prefix[];
  readonly onLink: readonly Prefix[];
}

type ParsedAddress = { v4: readonly number[] } | { v6: readonly number[] };

function parseIPv4(text: string): number[] | null {
  const match = /^([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,3})$/.exec(text);
  if (!match) return null;
  const octets = match.slice(1).map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

/** An IPv6 address as its eight 16-bit groups (`::` expanded, a dotted IPv4 tail read), or null. */
function parseIPv6(text: string): number[] | null {
  let body = text;
  const dotted = /^(.*:)([0-9.]+)$/.exec(body);
  if (dotted && dotted[2]!.includes('.')) {
    const v4 = parseIPv4(dotted[2]!);
    if (!v4) return null;
    body = `${dotted[1]}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string): number[] | null => {
    if (part === '') return [];
    const groups = part.split(':');
    return groups.every((group) => /^[0-9a-f]{1,4}$/.test(group)) ? groups.map((group) => parseInt(group, 16)) : null;
  };
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  if (head.length + tail.length > 7) return null;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/** Reads an address as a client or resolver gives it: a zone dropped, an IPv4-mapped IPv6 address as its IPv4. */
function parseAddress(address: string): ParsedAddress | null {
  const text = address.toLowerCase().replace(/%.*$/, '');
  const v4 = parseIPv4(text);
  if (v4) return { v4 };
  const v6 = parseIPv6(text);
  if (!v6) return null;
  if (v6.slice(0, 5).every((group) => group === 0) && v6[5] === 0xffff)
    return { v4: [v6[6]! >> 8, v6[6]! & 0xff, v6[7]! >> 8, v6[7]! & 0xff] };
  return { v6 };
}

/** One spelling per address (`::ffff:10.0.0.1` and `10.0.0.1` alike, `FD00:0::2` and `fd00::2` alike), or null when it is none. */
export function canonicalAddress(address: string): string | null {
  const parsed = parseAddress(address);
  if (!parsed) return null;
  return 'v4' in parsed ? parsed.v4.join('.') : parsed.v6.map((group) => group.toString(16)).join(':');
}

/** Whether the address is a loopback one (127/8, ::1, their mapped forms). */
export function isLoopbackAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  return 'v4' in parsed
    ? parsed.v4[0] === 127
    : parsed.v6.slice(0, 7).every((group) => group === 0) && parsed.v6[7] === 1;
}

/**
 * What the interface list says of this machine: each address (every interface and family, loopback
 * and link-local included) and the unspecified ones are local, each address's subnet is on link.
 * The kernel's own tables add what the list omits (`hostNetwork.ts`).
 */
export function machineFromInterfaces(interfaces: InterfaceList): MachineNetwork {
  const local: Prefix[] = [
    { address: '0.0.0.0', length: 32 },
    { address: '::', length: 128 },
  ];
  const onLink: Prefix[] = [];
  for (const list of Object.values(interfaces)) {
    for (const info of list ?? []) {
      const parsed = parseAddress(info.address);
      if (!parsed) continue;
      local.push({ address: info.address, length: 'v4' in parsed ? 32 : 128 });
      const length = Number(/\/([0-9]{1,3})$/.exec(info.cidr ?? '')?.[1] ?? NaN);
      if (Number.isInteger(length)) onLink.push({ address: info.address, length });
    }
  }
  return { local, onLink };
}

/** This machine's own addresses from an interface list (the unspecified ones included), canonical. */
export function ownAddresses(interfaces: InterfaceList): Set<string> {
  return new Set(machineFromInterfaces(interfaces).local.map((prefix) => canonicalAddress(prefix.address) ?? ''));
}

/** Both networks' prefixes together (the interface list and the kernel's tables, say). */
export function joinMachines(...machines: readonly MachineNetwork[]): MachineNetwork {
  return { local: machines.flatMap((m) => m.local), onLink: machines.flatMap((m) => m.onLink) };
}

/** An address as its bits, 8 per entry (4 entries for IPv4, 16 for IPv6). */
function bytesOf(parsed: ParsedAddress): number[] {
  return 'v4' in parsed ? [...parsed.v4] : parsed.v6.flatMap((group) => [group >> 8, group & 0xff]);
}

/** A prefix as the bits it fixes, read once per prefix object (a reading of the tables is reused for a second). */
const prefixBits = new WeakMap<Prefix, { v4: boolean; bytes: number[]; length: number } | null>();

function bitsOf(prefix: Prefix): { v4: boolean; bytes: number[]; length: number } | null {
  if (prefixBits.has(prefix)) return prefixBits.get(prefix) ?? null;
  const parsed = parseAddress(prefix.address);
  // A mapped IPv6 prefix (::ffff:a.b.c.d/120) reads as IPv4: its length loses the 96 mapped bits.
  const length = parsed && 'v4' in parsed && prefix.length > 32 ? prefix.length - 96 : prefix.length;
  const bits =
    parsed && Number.isInteger(length) && length >= 0 && length <= ('v4' in parsed ? 32 : 128)
      ? { v4: 'v4' in parsed, bytes: bytesOf(parsed), length }
      : null;
  prefixBits.set(prefix, bits);
  return bits;
}

function within(bytes: readonly number[], v4: boolean, prefix: Prefix): boolean {
  const bits = bitsOf(prefix);
  if (!bits || bits.v4 !== v4) return false;
  for (let bit = 0; bit < bits.length; bit += 8) {
    const mask = bits.length - bit >= 8 ? 0xff : (0xff << (8 - (bits.length - bit))) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (bits.bytes[bit / 8]! & mask)) return false;
  }
  return true;
}

/** Whether the address lies in the prefix (same family; an IPv4-mapped address or prefix reads as IPv4). */
export function inPrefix(address: string, prefix: Prefix): boolean {
  const parsed = parseAddress(address);
  return parsed !== null && within(bytesOf(parsed), 'v4' in parsed, prefix);
}

/** NAT64 prefixes whose last 32 bits are the IPv4 address a translator connects to: 64:ff9b::/96 (RFC 6052) and 64:ff9b:1::/48 (RFC 8215, read as /96). */
function nat64Embedded(v6: readonly number[]): number[] | null {
  const wellKnown = v6[0] === 0x64 && v6[1] === 0xff9b && v6.slice(2, 6).every((group) => group === 0);
  const localUse = v6[0] === 0x64 && v6[1] === 0xff9b && v6[2] === 1;
  if (!wellKnown && !localUse) return null;
  return [v6[6]! >> 8, v6[6]! & 0xff, v6[7]! >> 8, v6[7]! & 0xff];
}

/** Where a connection to the address ends up: the address itself, and the IPv4 address a NAT64 translator reaches for it. */
export function destinationsOf(address: string): string[] {
  const parsed = parseAddress(address);
  if (!parsed) return [address];
  const canonical = canonicalAddress(address) ?? address;
  const embedded = 'v6' in parsed ? nat64Embedded(parsed.v6) : null;
  return embedded ? [canonical, embedded.join('.')] : [canonical];
}

function v4RangeForbidden([a, b]: readonly number[]): boolean {
  return (
    a === 0 ||
    a === 127 ||
    a === 10 ||
    (a === 169 && b === 254) ||
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b! >= 64 && b! <= 127) ||
    a! >= 224
  );
}

function rangeForbidden(parsed: ParsedAddress): boolean {
  if ('v4' in parsed) return v4RangeForbidden(parsed.v4);
  const [g0] = parsed.v6;
  // ::/80 holds ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d: nothing out there.
  if (parsed.v6.slice(0, 5).every((group) => group === 0)) return true;
  // Link-local and the old site-local (fe80::/9), unique local (fc00::/7), multicast (ff00::/8).
  return (g0! & 0xff80) === 0xfe80 || (g0! & 0xfe00) === 0xfc00 || g0! >> 8 === 0xff;
}

/**
 * Addresses the proxy never connects to, whatever name led there: this machine's own (`machine.local`:
 * its interfaces' addresses whatever their state, its `local` routes, the unspecified ones), a
 * neighbour on a network it is attached to (`machine.onLink`: the owner's LAN, public addresses
 * included), loopback (Paddock's web host and preview ports), link-local (cloud metadata), private
 * ranges, CGNAT and multicast, in IPv4 and IPv6 and in each mapped spelling; a NAT64 address
 * (64:ff9b::/96, 64:ff9b:1::/48) when the IPv4 address it reaches is any of those. A name that
 * resolves there is refused, so DNS cannot point an allowed name inward. Anything not an address
 * is forbidden too.
 */
export function addressForbidden(address: string, machine: MachineNetwork): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return true;
  const destinations = destinationsOf(address);
  return destinations.some((destination) => {
    const at = parseAddress(destination);
    if (!at || rangeForbidden(at)) return true;
    const [bytes, v4] = [bytesOf(at), 'v4' in at];
    return (
      machine.local.some((prefix) => within(bytes, v4, prefix)) ||
      machine.onLink.some((prefix) => within(bytes, v4, prefix))
    );
  });
}

/**
 * Whether a command fetches from the network, for its card's line saying whether and where it may
 * reach (issue 13 §3): contained mode's own reading (policy/containedNetwork.ts), one list for both.
 * npx is taken as fetching (the card does not look for the project's binary), and no port is the
 * agent's own.
 */
export function needsNetwork(argv: readonly string[]): boolean {
  return networkNeed(argv, () => false).needs;
}

/** The line's network part: what a contained process of this agent can reach. */
export function describeNetwork(allowedDomains: readonly string[], socat: string | null): string {
  if (allowedDomains.length === 0) return 'network off';
  if (!socat)
    return `network off (socat is not installed, so the allowed ${allowedDomains.join(', ')} cannot be reached: install socat)`;
  // An entry naming a port other than 80 or 443 lets any TCP through on it, which "HTTP/HTTPS" would hide.
  const how = allowedDomains.some((entry) => entryParts(entry).ports.some((port) => !WEB_PORTS.includes(port)))
    ? 'HTTP/HTTPS, and any TCP on a port named,'
    : 'HTTP/HTTPS';
  return `network only to ${allowedDomains.join(', ')} (${how} through Paddock's proxy)`;
}
