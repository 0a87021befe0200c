// The per-agent network allowlist (issue 13 §3): which host names an agent's contained processes
// may reach through Paddock's filtering proxy. Pure. An entry is a DNS name (`registry.npmjs.org`)
// or a wildcard for its subdomains (`*.npmjs.org`, which does not match `npmjs.org` itself). Never
// an IP literal, `localhost` or a port: the proxy refuses loopback and private addresses anyway,
// and a name is what the owner can read and judge.

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const LOCAL_NAMES = new Set(['localhost', 'localhost.localdomain', 'ip6-localhost', 'ip6-loopback']);

export type DomainEntryCheck = { ok: true; entry: string } | { ok: false; reason: string };

/** Normalises one entry the owner typed (case, a trailing dot) or says why it cannot be allowed. */
export function checkDomainEntry(raw: string): DomainEntryCheck {
  const typed = raw.trim().toLowerCase().replace(/\.$/, '');
  if (typed === '') return { ok: false, reason: 'an empty entry' };
  const wildcard = typed.startsWith('*.');
  const name = wildcard ? typed.slice(2) : typed;
  if (name.length > 253) return { ok: false, reason: `\`${raw}\` is longer than a DNS name can be` };
  const labels = name.split('.');
  if (!labels.every((label) => LABEL.test(label))) {
    return { ok: false, reason: `\`${raw}\` is not a domain name (letters, digits and hyphens between dots; \`*.\` only at the start)` };
  }
  if (LOCAL_NAMES.has(name) || name.endsWith('.localhost')) return { ok: false, reason: `\`${raw}\` is this machine: its ports are never reachable from the sandbox` };
  if (labels.length < 2) return { ok: false, reason: `\`${raw}\` has no dot: allow a full name such as registry.npmjs.org` };
  if (labels.every((label) => /^[0-9]+$/.test(label)) || /^[0-9]+$/.test(labels[labels.length - 1])) {
    return { ok: false, reason: `\`${raw}\` is an address, not a name: allow the domain name` };
  }
  return { ok: true, entry: wildcard ? `*.${name}` : name };
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

/** Whether `host` (as a client asked for it) is on `allowed`. Case and one trailing dot ignored. */
export function domainAllowed(host: string, allowed: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (!name.split('.').every((label) => LABEL.test(label))) return false;
  return allowed.some((entry) => (entry.startsWith('*.') ? name.endsWith(entry.slice(1)) && name.length > entry.length - 1 : name === entry));
}

/**
 * Addresses the proxy never connects to, whatever name led there: loopback (Paddock's web host and
 * preview ports), the unspecified address, link-local (cloud metadata), and private ranges (the
 * owner's LAN). A name that resolves there is refused, so DNS cannot point an allowed name inward.
 */
export function addressForbidden(address: string): boolean {
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.(\d+)$/i.exec(address);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 0 || a === 127 || a === 10 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224;
  }
  const v6 = address.toLowerCase();
  if (!v6.includes(':')) return true;
  return v6 === '::' || v6 === '::1' || /^fe[89ab]/.test(v6) || /^f[cd]/.test(v6) || /^ff/.test(v6) || v6.startsWith('::ffff:');
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
