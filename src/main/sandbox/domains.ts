// The per-agent network allowlist (issue 13 §3): which host names and ports an agent's contained
// processes may reach through Paddock's filtering proxy. Pure. An entry is a DNS name
// (`registry.npmjs.org`) or a wildcard for its subdomains (`*.npmjs.org`, which does not match
// `npmjs.org` itself); a bare entry admits ports 80 and 443 (web traffic), `name:port` that one port
// only (the owner chose to let raw TCP through there). Never an IP literal or `localhost`: the
// proxy refuses this machine's and private addresses anyway, and a name is what the owner can read
// and judge.

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
  if (port !== null && (port < 1 || port > 65535)) return { ok: false, reason: `\`${raw}\` names no port (a port is 1 to 65535)` };
  const typed = (withPort ? withPort[1] : lowered).replace(/\.$/, '');
  const wildcard = typed.startsWith('*.');
  const name = wildcard ? typed.slice(2) : typed;
  if (name.length > 253) return { ok: false, reason: `\`${raw}\` is longer than a DNS name can be` };
  const labels = name.split('.');
  if (!labels.every((label) => LABEL.test(label))) {
    return { ok: false, reason: `\`${raw}\` is not a domain name (letters, digits and hyphens between dots; \`*.\` only at the start; \`:port\` only at the end)` };
  }
  if (LOCAL_NAMES.has(name) || name.endsWith('.localhost')) return { ok: false, reason: `\`${raw}\` is this machine: its ports are never reachable from the sandbox` };
  if (labels.length < 2) return { ok: false, reason: `\`${raw}\` has no dot: allow a full name such as registry.npmjs.org` };
  if (labels.every((label) => /^[0-9]+$/.test(label)) || /^[0-9]+$/.test(labels[labels.length - 1])) {
    return { ok: false, reason: `\`${raw}\` is an address, not a name: allow the domain name` };
  }
  const entry = wildcard ? `*.${name}` : name;
  return { ok: true, entry: port === null ? entry : `${entry}:${port}` };
}

/** A checked entry's name part (wildcard kept) and the ports it admits. */
export function entryParts(entry: string): { name: string; ports: readonly number[] } {
  const withPort = /^(.*):([0-9]{1,5})$/.exec(entry);
  return withPort ? { name: withPort[1], ports: [Number(withPort[2])] } : { name: entry, ports: WEB_PORTS };
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
  return entryName.startsWith('*.') ? name.endsWith(entryName.slice(1)) && name.length > entryName.length - 1 : name === entryName;
}

/**
 * Whether `host:port` (as a client asked for it) is on `allowed`, and if not, which rule refuses it:
 * `name` (no entry names the host) or `port` (entries name it, none admits this port). Case and
 * one trailing dot of the host ignored.
 */
export function admission(host: string, port: number, allowed: readonly string[]): { admitted: true } | { admitted: false; rule: 'name' | 'port' } {
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
  if (rule === 'port') return `port ${port} of ${name} is not allowed: a domain without a port allows only 80 and 443 (allow \`${entry}\` in ${ALLOW_WHERE})`;
  return `${name} is not on this agent's allowed domains (allow \`${entry}\` in ${ALLOW_WHERE})`;
}

/** This machine's interfaces as `os.networkInterfaces()` gives them (only the addresses are read). */
export type InterfaceList = Readonly<Record<string, readonly { readonly address: string }[] | undefined>>;

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
  if (dotted && dotted[2].includes('.')) {
    const v4 = parseIPv4(dotted[2]);
    if (!v4) return null;
    body = `${dotted[1]}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string): number[] | null => {
    if (part === '') return [];
    const groups = part.split(':');
    return groups.every((group) => /^[0-9a-f]{1,4}$/.test(group)) ? groups.map((group) => parseInt(group, 16)) : null;
  };
  const head = groupsOf(halves[0]);
  const tail = halves.length === 2 ? groupsOf(halves[1]) : [];
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
  if (v6.slice(0, 5).every((group) => group === 0) && v6[5] === 0xffff) return { v4: [v6[6] >> 8, v6[6] & 0xff, v6[7] >> 8, v6[7] & 0xff] };
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
  return 'v4' in parsed ? parsed.v4[0] === 127 : parsed.v6.slice(0, 7).every((group) => group === 0) && parsed.v6[7] === 1;
}

/**
 * This machine's own addresses: every address of every interface given (each family, loopback and
 * link-local included) and the unspecified ones, canonical. A service bound to 0.0.0.0 or :: answers
 * on each of them, public or not.
 */
export function ownAddresses(interfaces: InterfaceList): Set<string> {
  const own = new Set(['0.0.0.0', '0:0:0:0:0:0:0:0']);
  for (const list of Object.values(interfaces)) {
    for (const info of list ?? []) {
      const canonical = canonicalAddress(info.address);
      if (canonical) own.add(canonical);
    }
  }
  return own;
}

function v4RangeForbidden([a, b]: readonly number[]): boolean {
  return a === 0 || a === 127 || a === 10 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224;
}

/**
 * Addresses the proxy never connects to, whatever name led there: this machine's own (any address of
 * `interfaces`, which the proxy reads live, and the unspecified ones), loopback (Paddock's web host
 * and preview ports), link-local (cloud metadata), private ranges (the owner's LAN), CGNAT and
 * multicast, in IPv4 and IPv6 and in each mapped or embedded spelling. A name that resolves there
 * is refused, so DNS cannot point an allowed name inward. Anything not an address is forbidden too.
 */
export function addressForbidden(address: string, interfaces: InterfaceList): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return true;
  if (ownAddresses(interfaces).has(canonicalAddress(address) ?? '')) return true;
  if ('v4' in parsed) return v4RangeForbidden(parsed.v4);
  const [g0, g1] = parsed.v6;
  // ::/80 holds ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d: nothing out there.
  if (parsed.v6.slice(0, 5).every((group) => group === 0)) return true;
  // NAT64 (64:ff9b::/96) reaches the IPv4 address it embeds: that address's rule applies.
  if (g0 === 0x64 && g1 === 0xff9b && parsed.v6.slice(2, 6).every((group) => group === 0)) {
    const [, , , , , , hi, lo] = parsed.v6;
    return v4RangeForbidden([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  }
  // Link-local and the old site-local (fe80::/9), unique local (fc00::/7), multicast (ff00::/8).
  return (g0 & 0xff80) === 0xfe80 || (g0 & 0xfe00) === 0xfc00 || g0 >> 8 === 0xff;
}

/** Programs and subcommands that fetch from the network: their cards say so (issue 13 §3). */
export function needsNetwork(argv: readonly string[]): boolean {
  const [program, sub] = argv;
  const words = new Set(argv.slice(1));
  switch (program) {
    case 'npm':
    case 'pnpm':
      return ['install', 'i', 'ci', 'add', 'update', 'up', 'upgrade', 'outdated', 'publish', 'view', 'info', 'audit'].includes(sub ?? '');
    case 'yarn':
      return sub === undefined || ['install', 'add', 'up', 'upgrade', 'outdated', 'npm', 'dlx', 'info'].includes(sub);
    case 'npx':
    case 'pnpx':
    case 'bunx':
      return true;
    case 'bun':
      return ['install', 'i', 'add', 'update', 'x'].includes(sub ?? '');
    case 'pip':
    case 'pip3':
    case 'uv':
    case 'poetry':
      return words.has('install') || words.has('add') || words.has('sync') || words.has('lock') || words.has('download');
    case 'go':
      return ['get', 'install'].includes(sub ?? '') || (sub === 'mod' && ['download', 'tidy'].includes(argv[2] ?? ''));
    case 'cargo':
      return ['fetch', 'install', 'add', 'update', 'search', 'publish'].includes(sub ?? '');
    case 'curl':
    case 'wget':
      return true;
    case 'git':
      return ['clone', 'fetch', 'pull', 'push', 'ls-remote'].includes(sub ?? '');
    default:
      return false;
  }
}
