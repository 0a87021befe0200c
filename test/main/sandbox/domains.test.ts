// The per-agent network allowlist as data (issue 13 §3): which entries the owner may allow, which
// names they admit, and which addresses the proxy never reaches whatever a name resolves to.
import fc from 'fast-check';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../../src/main/sandbox/sandbox';
import { addressForbidden, checkDomainEntry, domainAllowed, needsNetwork, parseDomainList } from '../../../src/main/sandbox/domains';

describe('an allowed-domain entry', () => {
  it.each([
    ['registry.npmjs.org', 'registry.npmjs.org'],
    ['Registry.NPMjs.org.', 'registry.npmjs.org'],
    ['*.pythonhosted.org', '*.pythonhosted.org'],
    ['  pypi.org ', 'pypi.org'],
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
    ['registry.npmjs.org:443', 'not a domain'],
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
    expect(domainAllowed(host, allowed)).toBe(expected);
  });

  const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/);
  const name = fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.'));

  it('property: an exact entry admits only itself; a wildcard only names ending in .<its name>', () => {
    fc.assert(
      fc.property(name, name, (entry, host) => {
        expect(domainAllowed(host, [entry])).toBe(host === entry);
        expect(domainAllowed(host, [`*.${entry}`])).toBe(host.endsWith(`.${entry}`));
      }),
      { numRuns: 500 },
    );
  });

  it('property: nothing is allowed by an empty list', () => {
    fc.assert(
      fc.property(fc.string(), (host) => {
        expect(domainAllowed(host, [])).toBe(false);
      }),
    );
  });
});

describe('addresses the proxy never connects to', () => {
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
    ['104.16.0.35', false],
    ['172.32.0.1', false],
    ['2606:4700::6810:2223', false],
  ])('%s → forbidden %s', (address, forbidden) => {
    expect(addressForbidden(address)).toBe(forbidden);
  });

  it('property: every 127.x.y.z and 10.x.y.z is forbidden', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(fc.constantFrom(127, 10), octet, octet, octet, (a, b, c, d) => {
        expect(addressForbidden(`${a}.${b}.${c}.${d}`)).toBe(true);
        expect(addressForbidden(`::ffff:${a}.${b}.${c}.${d}`)).toBe(true);
      }),
    );
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
  ])('%j → %s', (argv, expected) => {
    expect(needsNetwork(argv)).toBe(expected);
  });
});

describe('the state line of an agent', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-line-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const bubblewrap = { available: true as const, engine: 'bubblewrap' as const, version: '0.8.0', program: '/usr/bin/bwrap' };
  const seatbelt = { available: true as const, engine: 'seatbelt' as const, version: 'sandbox-exec', program: '/usr/bin/sandbox-exec' };
  const line = (status: typeof bubblewrap | typeof seatbelt, domains: string[], socat: string | null = '/usr/bin/socat') =>
    createSandbox({ status, home: os.tmpdir(), dataDir, socat, seccompArch: null }).describe(domains);

  it.each([
    [bubblewrap, [], '/usr/bin/socat', 'contained: bubblewrap 0.8.0, network off'],
    [bubblewrap, ['registry.npmjs.org'], '/usr/bin/socat', "contained: bubblewrap 0.8.0, network only to registry.npmjs.org (HTTP/HTTPS through Paddock's proxy)"],
    [bubblewrap, ['registry.npmjs.org'], null, 'contained: bubblewrap 0.8.0, network off (socat is not installed, so the allowed registry.npmjs.org cannot be reached: install socat)'],
    [seatbelt, [], '/usr/bin/socat', 'contained: Seatbelt (sandbox-exec), network off'],
    [seatbelt, ['pypi.org'], '/usr/bin/socat', 'contained: Seatbelt (sandbox-exec), network off (allowed domains are not built for macOS yet)'],
  ] as const)('%o with %j (socat %s) reads "%s"', (status, domains, socat, expected) => {
    expect(line(status, [...domains], socat)).toBe(expected);
  });
});
