// The per-agent network allowlist as data (issue 13 §3): which entries the owner may allow, which
// names and ports they admit, and which addresses the proxy never reaches whatever a name resolves
// to (this machine's own among them, from synthetic interface lists).
import fc from 'fast-check';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../../src/main/sandbox/sandbox';
import {
  addressForbidden,
  destinationsOf,
  inPrefix,
  machineFromInterfaces,
  type MachineNetwork,
  admission,
  admissionRefusal,
  canonicalAddress,
  checkDomainEntry,
  domainAllowed,
  entryParts,
  needsNetwork,
  ownAddresses,
  parseDomainList,
  type InterfaceList,
} from '../../../src/main/sandbox/domains';

describe('an allowed-domain entry', () => {
  it.each([
    ['registry.npmjs.org', 'registry.npmjs.org'],
    ['Registry.NPMjs.org.', 'registry.npmjs.org'],
    ['*.pythonhosted.org', '*.pythonhosted.org'],
    ['  pypi.org ', 'pypi.org'],
    ['registry.npmjs.org:443', 'registry.npmjs.org:443'],
    ['Git.Example.com.:2222', 'git.example.com:2222'],
    ['example.com:08443', 'example.com:8443'],
    ['*.example.com:8443', '*.example.com:8443'],
    ['example.com:65535', 'example.com:65535'],
  ])('%s is allowed as %s', (typed, entry) => {
    expect(checkDomainEntry(typed)).toEqual({ ok: true, entry });
  });

  it.each([
    ['127.0.0.1', 'address'],
    ['10.0.0.8', 'address'],
    ['[::1]', 'not a domain'],
    ['localhost', 'this machine'],
    ['ip6-localhost', 'this machine'],
    ['app.localhost', 'this machine'],
    ['localhost.localdomain', 'this machine'],
    ['example.com:0', 'names no port'],
    ['example.com:65536', 'names no port'],
    ['example.com:', 'not a domain'],
    ['example.com:443:443', 'not a domain'],
    ['example.com:https', 'not a domain'],
    ['localhost:3000', 'this machine'],
    ['127.0.0.1:8080', 'address'],
    ['[::1]:443', 'not a domain'],
    ['https://registry.npmjs.org', 'not a domain'],
    ['registry.npmjs.org/path', 'not a domain'],
    ['*', 'not a domain'],
    ['*.com.*', 'not a domain'],
    ['a.*.com', 'not a domain'],
    ['com', 'no dot'],
    ['-bad.com', 'not a domain'],
    ['', 'empty'],
  ])('%s is refused (%s)', (typed, why) => {
    const check = checkDomainEntry(typed);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toContain(why);
  });

  it('a typed list is split on commas, spaces and lines, refusals kept apart', () => {
    expect(parseDomainList('registry.npmjs.org, pypi.org\n*.github.com  localhost registry.npmjs.org')).toEqual({
      entries: ['registry.npmjs.org', 'pypi.org', '*.github.com'],
      refused: [expect.stringContaining('localhost')],
    });
  });
});

describe('a host asked for', () => {
  const allowed = ['registry.npmjs.org', '*.pythonhosted.org'];
  it.each([
    ['registry.npmjs.org', ['registry.npmjs.org'], 80, true],
    ['registry.npmjs.org', ['registry.npmjs.org'], 443, true],
    ['registry.npmjs.org', ['registry.npmjs.org'], 22, false],
    ['registry.npmjs.org', ['registry.npmjs.org'], 8443, false],
    ['git.example.com', ['git.example.com:2222'], 2222, true],
    ['git.example.com', ['git.example.com:2222'], 443, false],
    ['git.example.com', ['git.example.com:2222'], 80, false],
    ['git.example.com', ['git.example.com:2222', 'git.example.com'], 443, true],
    ['git.example.com', ['git.example.com:2222', 'git.example.com'], 2222, true],
    ['a.example.com', ['*.example.com:8443'], 8443, true],
    ['a.example.com', ['*.example.com:8443'], 443, false],
    ['example.com', ['*.example.com:8443'], 8443, false],
    ['other.com', ['example.com:8443'], 8443, false],
  ] as const)('%s on %j, port %i → %s', (host, list, port, expected) => {
    expect(domainAllowed(host, port, list)).toBe(expected);
  });

  it('says which rule refused: no entry names the host, or none admits the port', () => {
    expect(admission('ssh.example.com', 22, ['ssh.example.com'])).toEqual({ admitted: false, rule: 'port' });
    expect(admission('other.com', 443, ['ssh.example.com'])).toEqual({ admitted: false, rule: 'name' });
    expect(admission('ssh.example.com', 443, ['ssh.example.com'])).toEqual({ admitted: true });
    expect(admissionRefusal('SSH.example.com', 22, 'port')).toBe(
      'port 22 of ssh.example.com is not allowed: a domain without a port allows only 80 and 443 (allow `ssh.example.com:22` in Settings → Developer → Sandbox)',
    );
    expect(admissionRefusal('other.com', 443, 'name')).toBe(
      "other.com is not on this agent's allowed domains (allow `other.com` in Settings → Developer → Sandbox)",
    );
    expect(admissionRefusal('other.com', 8080, 'name')).toBe(
      "other.com is not on this agent's allowed domains (allow `other.com:8080` in Settings → Developer → Sandbox)",
    );
  });

  it('an entry names its ports: 80 and 443 when bare, else the one it names', () => {
    expect(entryParts('example.com')).toEqual({ name: 'example.com', ports: [80, 443] });
    expect(entryParts('*.example.com:8443')).toEqual({ name: '*.example.com', ports: [8443] });
  });

  it('property: an entry with a port admits exactly that port of its name, and nothing of another name', () => {
    const port = fc.integer({ min: 1, max: 65535 });
    fc.assert(
      fc.property(port, port, (named, asked) => {
        expect(domainAllowed('git.example.com', asked, [`git.example.com:${named}`])).toBe(asked === named);
        expect(domainAllowed('git.example.com', asked, ['git.example.com'])).toBe(asked === 80 || asked === 443);
        expect(domainAllowed('other.example.com', asked, [`git.example.com:${named}`])).toBe(false);
      }),
    );
  });

  it.each([
    ['registry.npmjs.org', true],
    ['REGISTRY.npmjs.org.', true],
    ['files.pythonhosted.org', true],
    ['a.b.pythonhosted.org', true],
    ['pythonhosted.org', false],
    ['evilpythonhosted.org', false],
    ['npmjs.org', false],
    ['registry.npmjs.org.evil.com', false],
    ['evil.com/registry.npmjs.org', false],
    ['registry.npmjs.org\0.evil.com', false],
    ['127.0.0.1', false],
  ])('%s → %s', (host, expected) => {
    expect(domainAllowed(host, 443, allowed)).toBe(expected);
  });

  const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/);
  const name = fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.'));

  it('property: an exact entry admits only itself; a wildcard only names ending in .<its name>', () => {
    fc.assert(
      fc.property(name, name, (entry, host) => {
        expect(domainAllowed(host, 443, [entry])).toBe(host === entry);
        expect(domainAllowed(host, 443, [`*.${entry}`])).toBe(host.endsWith(`.${entry}`));
      }),
      { numRuns: 500 },
    );
  });

  it('property: nothing is allowed by an empty list', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 65535 }), (host, port) => {
        expect(domainAllowed(host, port, [])).toBe(false);
      }),
    );
  });
});

describe('addresses the proxy never connects to', () => {
  const none = machineFromInterfaces({});
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.1', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', true],
    ['::', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.100.1.1', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['224.0.0.1', true],
    ['not-an-address', true],
    ['::ffff:7f00:1', true],
    ['::ffff:a00:1', true],
    ['0:0:0:0:0:ffff:c0a8:101', true],
    ['::7f00:1', true],
    ['::127.0.0.1', true],
    ['0::0', true],
    ['0:0:0:0:0:0:0:1', true],
    ['FE80::1%eth0', true],
    ['fec0::1', true],
    ['fc00::1', true],
    ['ff02::1', true],
    ['64:ff9b::a00:1', true],
    ['64:ff9b::10.0.0.1', true],
    ['1::2::3', true],
    ['1:2:3:4:5:6:7:8:9', true],
    ['300.1.1.1', true],
    ['104.16.0.35', false],
    ['172.32.0.1', false],
    ['::ffff:104.16.0.35', false],
    ['64:ff9b::6810:23', false],
    ['2606:4700::6810:2223', false],
    ['fd::1', false],
  ])('%s → forbidden %s', (address, forbidden) => {
    expect(addressForbidden(address, none)).toBe(forbidden);
  });

  it('property: every 127.x.y.z and 10.x.y.z is forbidden', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(fc.constantFrom(127, 10), octet, octet, octet, (a, b, c, d) => {
        expect(addressForbidden(`${a}.${b}.${c}.${d}`, none)).toBe(true);
        expect(addressForbidden(`::ffff:${a}.${b}.${c}.${d}`, none)).toBe(true);
      }),
    );
  });
});

describe("this machine's own addresses", () => {
  // A cloud VM: a public IPv4 and a global IPv6 on eth0, a Docker bridge, a VPN that came up later.
  const machine: InterfaceList = {
    lo: [{ address: '127.0.0.1' }, { address: '::1' }],
    eth0: [{ address: '203.0.113.7' }, { address: '2001:db8:85a3::8a2e:370:7334' }, { address: 'fe80::fc:ff:fe00:1' }],
    docker0: [{ address: '172.17.0.1' }],
    wg0: [{ address: '198.51.100.20' }],
    down: undefined,
  };

  it.each([
    ['203.0.113.7', true],
    ['::ffff:203.0.113.7', true],
    ['::ffff:cb00:7107', true],
    ['2001:db8:85a3::8a2e:370:7334', true],
    ['2001:DB8:85A3:0:0:8A2E:370:7334', true],
    ['2001:0db8:85a3:0000:0000:8a2e:0370:7334', true],
    ['198.51.100.20', true],
    ['0.0.0.0', true],
    ['::', true],
    ['203.0.113.8', false],
    ['2001:db8:85a3::8a2e:370:7335', false],
  ])('%s is forbidden on that machine: %s', (address, forbidden) => {
    expect(addressForbidden(address, machineFromInterfaces(machine))).toBe(forbidden);
  });

  it('the same public addresses are not forbidden on a machine that does not have them', () => {
    expect(addressForbidden('203.0.113.7', machineFromInterfaces({ lo: [{ address: '127.0.0.1' }] }))).toBe(false);
    expect(addressForbidden('2001:db8:85a3::8a2e:370:7334', machineFromInterfaces({ lo: [{ address: '::1' }] }))).toBe(
      false,
    );
  });

  it('lists every address of every interface and family, and the unspecified ones, canonical', () => {
    expect(ownAddresses(machine)).toEqual(
      new Set([
        '0.0.0.0',
        '0:0:0:0:0:0:0:0',
        '127.0.0.1',
        '0:0:0:0:0:0:0:1',
        '203.0.113.7',
        '2001:db8:85a3:0:0:8a2e:370:7334',
        'fe80:0:0:0:fc:ff:fe00:1',
        '172.17.0.1',
        '198.51.100.20',
      ]),
    );
  });

  it('property: an address of an interface is forbidden in any spelling', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    fc.assert(
      fc.property(fc.array(group, { minLength: 8, maxLength: 8 }), fc.boolean(), (groups, padded) => {
        const full = groups
          .map((g) => (padded ? g.toString(16).padStart(4, '0') : g.toString(16).toUpperCase()))
          .join(':');
        const interfaces = { eth0: [{ address: groups.map((g) => g.toString(16)).join(':') }] };
        expect(addressForbidden(full, machineFromInterfaces(interfaces))).toBe(true);
        expect(canonicalAddress(full)).toBe(canonicalAddress(groups.map((g) => g.toString(16)).join(':')));
      }),
    );
  });

  it('reads a compressed and a dotted spelling as the address they name', () => {
    expect(canonicalAddress('2001:db8::1')).toBe('2001:db8:0:0:0:0:0:1');
    expect(canonicalAddress('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(canonicalAddress('::1.2.3.4')).toBe('0:0:0:0:0:0:102:304');
    expect(canonicalAddress('1.2.3')).toBeNull();
  });
});

describe('prefixes of this machine and of the networks it is attached to', () => {
  it.each([
    ['198.51.100.9', { address: '198.51.100.0', length: 24 }, true],
    ['198.51.101.9', { address: '198.51.100.0', length: 24 }, false],
    ['::ffff:198.51.100.9', { address: '198.51.100.0', length: 24 }, true],
    ['203.0.113.130', { address: '203.0.113.128', length: 25 }, true],
    ['203.0.113.127', { address: '203.0.113.128', length: 25 }, false],
    ['192.0.2.77', { address: '192.0.2.2', length: 24 }, true],
    ['2001:db8:5::2', { address: '2001:db8:5::1', length: 64 }, true],
    ['2001:db8:5:1::2', { address: '2001:db8:5::1', length: 64 }, false],
    ['2001:db8:aa::9', { address: '2001:db8:aa::', length: 64 }, true],
    ['2001:db8::1', { address: '2001:db8::1', length: 128 }, true],
    ['2001:db8::2', { address: '2001:db8::1', length: 128 }, false],
    ['198.51.100.9', { address: '2001:db8::', length: 32 }, false],
    ['2001:db8::1', { address: '0.0.0.0', length: 0 }, false],
    ['1.2.3.4', { address: '0.0.0.0', length: 0 }, true],
    ['1.2.3.4', { address: '1.2.3.4', length: 33 }, false],
  ])('%s in %o: %s', (address, prefix, inside) => {
    expect(inPrefix(address, prefix)).toBe(inside);
  });

  // What the kernel's tables add to what the interface list says (hostRoutes.ts reads them).
  const machine: MachineNetwork = {
    local: [
      { address: '203.0.113.99', length: 32 },
      { address: '198.51.100.0', length: 24 },
      { address: '2001:db8:77::1', length: 128 },
      { address: '2001:db8:aa::', length: 64 },
    ],
    onLink: [
      { address: '198.18.5.0', length: 24 },
      { address: '2001:db8:5::', length: 64 },
    ],
  };

  it.each([
    ['203.0.113.99', true],
    ['203.0.113.98', false],
    ['198.51.100.9', true],
    ['::ffff:198.51.100.200', true],
    ['2001:db8:77::1', true],
    ['2001:db8:77::2', false],
    ['2001:db8:aa::9', true],
    ['198.18.5.2', true],
    ['198.18.6.2', false],
    ['2001:db8:5::2', true],
    ['2001:db8:6::2', false],
    // NAT64: the IPv4 address the translator reaches gets every rule, this machine's and its LAN's too.
    ['64:ff9b::203.0.113.99', true],
    ['64:ff9b::cb00:7163', true],
    ['64:ff9b::198.18.5.2', true],
    ['64:ff9b::198.51.100.7', true],
    ['64:ff9b::203.0.113.98', false],
    ['64:ff9b:1::203.0.113.99', true],
    ['64:ff9b:1:abcd::198.18.5.2', true],
    ['64:ff9b:1::7f00:1', true],
    ['64:ff9b:1::c0a8:101', true],
    ['64:ff9b:1::a9fe:a9fe', true],
    ['64:ff9b:1::203.0.113.98', false],
  ])('%s → forbidden %s', (address, forbidden) => {
    expect(addressForbidden(address, machine)).toBe(forbidden);
  });

  it('an interface list gives each address as local and its subnet as on link', () => {
    const listed = machineFromInterfaces({
      eth0: [
        { address: '192.0.2.2', cidr: '192.0.2.2/24' },
        { address: '2001:db8:5::1', cidr: '2001:db8:5::1/64' },
      ],
    });
    expect(addressForbidden('192.0.2.2', listed)).toBe(true);
    expect(addressForbidden('192.0.2.200', listed)).toBe(true);
    expect(addressForbidden('192.0.3.1', listed)).toBe(false);
    expect(addressForbidden('2001:db8:5::abcd', listed)).toBe(true);
    expect(addressForbidden('2001:db8:6::1', listed)).toBe(false);
  });

  it('names where a connection ends up: the address, and the IPv4 address behind a NAT64 one', () => {
    expect(destinationsOf('203.0.113.7')).toEqual(['203.0.113.7']);
    expect(destinationsOf('::ffff:203.0.113.7')).toEqual(['203.0.113.7']);
    expect(destinationsOf('64:ff9b::cb00:7107')).toEqual(['64:ff9b:0:0:0:0:cb00:7107', '203.0.113.7']);
    expect(destinationsOf('64:ff9b:1::203.0.113.7')).toEqual(['64:ff9b:1:0:0:0:cb00:7107', '203.0.113.7']);
    expect(destinationsOf('2001:db8::1')).toEqual(['2001:db8:0:0:0:0:0:1']);
  });
});

describe('commands whose cards say they need the network', () => {
  it.each([
    [['npm', 'install'], true],
    [['npm', 'ci'], true],
    [['npm', 'test'], false],
    [['npm', 'run', 'build'], false],
    [['yarn'], true],
    [['pnpm', 'add', 'lodash'], true],
    [['pip', 'install', '-r', 'requirements.txt'], true],
    [['python', '-m', 'pytest'], false],
    [['go', 'mod', 'download'], true],
    [['go', 'test', './...'], false],
    [['cargo', 'fetch'], true],
    [['cargo', 'test'], false],
    [['npx', 'eslint'], true],
    [['curl', 'https://example.com'], true],
    [['node', 'x.js'], false],
    // The words contained mode reads the same way (one list for both): flags before the
    // subcommand, a versioned pip, the subcommands that fetch beyond install.
    [['npm', '--prefix', 'web', 'install'], true],
    [['pip3.12', 'install', 'requests'], true],
    [['npm', 'create', 'vite'], true],
    [['git', 'ls-remote', 'origin'], true],
    [['git', 'status'], false],
  ])('%j → %s', (argv, expected) => {
    expect(needsNetwork(argv)).toBe(expected);
  });
});

describe('the state line of an agent', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-line-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const bubblewrap = {
    available: true as const,
    engine: 'bubblewrap' as const,
    version: '0.8.0',
    program: '/usr/bin/bwrap',
  };
  const seatbelt = {
    available: true as const,
    engine: 'seatbelt' as const,
    version: 'sandbox-exec',
    program: '/usr/bin/sandbox-exec',
  };
  const line = (
    status: typeof bubblewrap | typeof seatbelt,
    domains: string[],
    socat: string | null = '/usr/bin/socat',
  ) => createSandbox({ status, home: os.tmpdir(), dataDir, socat, seccompArch: null }).describe(domains);

  it.each([
    [bubblewrap, [], '/usr/bin/socat', 'contained: bubblewrap 0.8.0, network off'],
    [
      bubblewrap,
      ['registry.npmjs.org'],
      '/usr/bin/socat',
      "contained: bubblewrap 0.8.0, network only to registry.npmjs.org (HTTP/HTTPS through Paddock's proxy)",
    ],
    [
      bubblewrap,
      ['registry.npmjs.org', 'git.example.com:22'],
      '/usr/bin/socat',
      "contained: bubblewrap 0.8.0, network only to registry.npmjs.org, git.example.com:22 (HTTP/HTTPS, and any TCP on a port named, through Paddock's proxy)",
    ],
    [
      bubblewrap,
      ['registry.npmjs.org'],
      null,
      'contained: bubblewrap 0.8.0, network off (socat is not installed, so the allowed registry.npmjs.org cannot be reached: install socat)',
    ],
    [seatbelt, [], '/usr/bin/socat', 'contained: Seatbelt (sandbox-exec), network off'],
    [
      seatbelt,
      ['pypi.org'],
      '/usr/bin/socat',
      'contained: Seatbelt (sandbox-exec), network off (allowed domains are not built for macOS yet)',
    ],
  ] as const)('%o with %j (socat %s) reads "%s"', (status, domains, socat, expected) => {
    expect(line(status, [...domains], socat)).toBe(expected);
  });
});
