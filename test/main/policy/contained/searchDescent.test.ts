// What a recursive search reads, held to the real program: in a repository whose only secrets file
// is a hidden, git-ignored .env, each spelling of rg's, ag's and ack's flags is run for the secret's
// text, and the rule must card every one whose output holds it (and run the plain search, which does
// not read it, without one). A program this machine lacks is skipped, said in the test's name.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideContained } from '../../../../src/main/policy/contained';
import { loadShellGrammar } from '../../../../src/main/policy/shellGrammar';
import type { PathContext } from '../../../../src/main/workspace/types';

const SECRET = 'hunter2zq';
let root: string;
let paths: PathContext;

beforeAll(async () => {
  await loadShellGrammar();
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-descent-')));
  const ws = path.join(root, 'ws');
  fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
  fs.writeFileSync(path.join(ws, '.gitignore'), '.env\nlocal.cfg\n');
  fs.writeFileSync(path.join(ws, '.env'), `API_KEY=${SECRET}\n`);
  // Not secrets: an ignored file and a hidden one holding the same text, which only widen what is read.
  fs.writeFileSync(path.join(ws, 'local.cfg'), `${SECRET}\n`);
  fs.writeFileSync(path.join(ws, '.hidden'), `${SECRET}\n`);
  fs.writeFileSync(path.join(ws, 'src', 'a.txt'), `${SECRET}\n`);
  execFileSync('git', ['-C', ws, 'init', '-q']);
  for (const dir of ['home', 'data']) fs.mkdirSync(path.join(root, dir));
  paths = { workspace: ws, home: path.join(root, 'home'), dataDir: path.join(root, 'data') };
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function installed(program: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;
}

/** Whether the real program, run in the workspace with a clean environment, prints the .env's line. */
function printsSecret(argv: readonly string[]): boolean {
  const run = spawnSync(argv[0]!, argv.slice(1), {
    cwd: paths.workspace,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: paths.home, LANG: 'C.UTF-8' },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 20_000,
  });
  return `${run.stdout}${run.stderr}`.includes(`API_KEY=${SECRET}`);
}

const SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  rg: [
    '',
    '-u',
    '-uu',
    '-uuu',
    '--hidden',
    '-.',
    '-u --hidden',
    '--hidden -u',
    '--unrestricted',
    '--unrestricted --unrestricted',
    '--hidden --unrestricted',
    '--no-ignore',
    '--no-ignore --hidden',
    '--no-ignore-vcs --hidden',
  ],
  ag: [
    '',
    '-U',
    '-a',
    '-t',
    '--hidden',
    '-U --hidden',
    '-a --hidden',
    '-t --hidden',
    '-aU --hidden',
    '-u',
    '--unrestricted',
    '--skip-vcs-ignores --hidden',
    '--hid --skip-vcs',
    '--all-text --hidden',
    '--all-types --hidden',
  ],
  ack: ['', '-n', '--noenv', '-i'],
};

describe.each(Object.entries(SPELLINGS))('%s, read as it reads', (program, spellings) => {
  const here = installed(program);
  it.each(spellings)(
    `${program} %s ${SECRET}: a card exactly when the real program prints the .env${here ? '' : ` (skipped: no ${program} on this machine)`}`,
    (flags) => {
      if (!here) return;
      const argv = [program, ...flags.split(' ').filter(Boolean), SECRET];
      const shows = printsSecret(argv);
      const d = decideContained(argv.join(' '), { paths, allowedDomains: [] });
      // The plain search reads no hidden ignored file: it runs; any spelling that prints the .env asks.
      if (flags === '' && program !== 'ack') expect(shows).toBe(false);
      if (shows) expect({ flags, tier: d.tier, code: d.code }).toMatchObject({ tier: 'gated', code: 'shows-secret' });
      else expect({ flags, tier: d.tier, reason: d.reason }).toMatchObject({ tier: 'auto' });
    },
  );
});

// The workspace itself copied (it holds no link, but the .env) and then searched where the rule has
// seen nothing yet: the copy of the .env would be printed.
it('a copy of the workspace itself, searched right after, asks', () => {
  const d = decideContained(`cp -r . src/copy && grep -r ${SECRET} src/copy`, { paths, allowedDomains: [] });
  expect({ tier: d.tier, code: d.code }).toEqual({ tier: 'gated', code: 'shell-construct' });
});

// rg and ag honour .gitignore only in a repository, and take a name back in through an ignore file
// of theirs (`!.env` in .ignore): in each such workspace, every spelling whose real run prints the
// .env must ask.
describe.each([
  ['an .ignore taking .env back in', () => fs.writeFileSync(path.join(paths.workspace, '.ignore'), '!.env\n')],
  ['no repository', () => fs.renameSync(path.join(paths.workspace, '.git'), path.join(root, 'git-away'))],
] as const)('rg and ag with %s', (_what, setUp) => {
  beforeAll(() => setUp());
  afterAll(() => {
    fs.rmSync(path.join(paths.workspace, '.ignore'), { force: true });
    if (fs.existsSync(path.join(root, 'git-away')))
      fs.renameSync(path.join(root, 'git-away'), path.join(paths.workspace, '.git'));
  });
  const rows = (['rg', 'ag'] as const).flatMap((program) =>
    SPELLINGS[program]!.map((flags) => [program, flags] as const),
  );
  it.each(rows)('%s %s: a card whenever the real program prints the .env', (program, flags) => {
    if (!installed(program)) return;
    const argv = [program, ...flags.split(' ').filter(Boolean), SECRET];
    const d = decideContained(argv.join(' '), { paths, allowedDomains: [] });
    if (printsSecret(argv))
      expect({ flags, tier: d.tier, code: d.code }).toMatchObject({ tier: 'gated', code: 'shows-secret' });
  });
  it('and the real programs do print it for some spelling here', () => {
    if (!installed('rg')) return;
    expect(printsSecret(['rg', '--hidden', SECRET])).toBe(true);
  });
});
