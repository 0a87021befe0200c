// `paddock check-command --sandbox on|off` through the real CLI (a child process from the sources):
// per line the tier, the rule's code and sentence, whether it runs contained, and with the sandbox
// on the simple commands of a shell form with the deciding one marked. The whole contained corpus
// answers through it as it does in-process.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paddockCli } from '../../../support/cli';
import { HARMLESS, LOSSES, NETWORK, PLACES_OUTSIDE, SANDBOX_CANNOT, SECRETS, SHELL_CONSTRUCTS } from './corpus';
import { fillPlaceholders, makeContainedWorkspace } from './workspace';

const REPO = path.resolve(__dirname, '..', '..', '..', '..');
let fx: ReturnType<typeof makeContainedWorkspace>;
beforeAll(() => {
  fx = makeContainedWorkspace();
});
afterAll(() => fx.cleanup());

interface Answer {
  tier: string;
  reason: string;
  code: string;
  contained: boolean;
  argv: string[] | null;
  parts?: { text: string; decides: boolean }[];
}

function cli(args: string[], input = ''): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(...paddockCli(['check-command', ...args]), {
      cwd: REPO,
      env: { ...process.env, HOME: fx.paths.home, PADDOCK_DATA_DIR: fx.paths.dataDir, PADDOCK_SANDBOX: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
    child.stdin.end(input);
  });
}

const answers = (out: string) =>
  out
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Answer);

describe('check-command --sandbox', () => {
  it('on: a shell form is decided by effect, each part on its own, the deciding one marked', async () => {
    const r = await cli([
      '--sandbox',
      'on',
      '--workspace',
      fx.paths.workspace,
      'cd src && ls | head -5 && cat ../.env',
    ]);
    expect(r.code).toBe(0);
    const [a] = answers(r.out);
    expect(a).toMatchObject({ tier: 'gated', code: 'shows-secret', contained: true });
    expect(a!.reason).toContain('.env');
    expect(a!.parts).toEqual([
      { text: 'cd src', decides: false },
      { text: '&& ls', decides: false },
      { text: '| head -5', decides: false },
      { text: '&& cat ../.env', decides: true },
    ]);
  });

  it('off: seed 003 §5, not contained, no parts', async () => {
    const r = await cli(['--sandbox', 'off', '--workspace', fx.paths.workspace, 'npm test 2>&1 | head']);
    expect(answers(r.out)).toEqual([expect.objectContaining({ tier: 'gated', code: 'not-plain', contained: false })]);
    expect(answers(r.out)[0]!.parts).toBeUndefined();
    const plain = await cli(['--sandbox', 'off', '--workspace', fx.paths.workspace, 'npm test']);
    expect(answers(plain.out)[0]).toMatchObject({
      tier: 'auto',
      code: 'on-run-list',
      argv: ['npm', 'test'],
      contained: false,
    });
  });

  it('--run-list-only keeps §5 with the sandbox on', async () => {
    const r = await cli(['--sandbox', 'on', '--run-list-only', '--workspace', fx.paths.workspace, 'rm b.txt']);
    expect(answers(r.out)[0]).toMatchObject({ tier: 'gated', code: 'not-on-run-list', contained: true });
  });

  it('defaults to whether this machine can contain (PADDOCK_SANDBOX=off turns it off)', async () => {
    const r = await cli(['--workspace', fx.paths.workspace, 'ls | wc -l']);
    const a = answers(r.out)[0];
    // This machine has bubblewrap (CI too): the default is on.
    expect(a).toMatchObject({ tier: 'auto', code: 'contained', contained: true });
    const off = await new Promise<string>((resolve) => {
      const child = spawn(...paddockCli(['check-command', '--workspace', fx.paths.workspace, 'ls | wc -l']), {
        cwd: REPO,
        env: { ...process.env, HOME: fx.paths.home, PADDOCK_DATA_DIR: fx.paths.dataDir, PADDOCK_SANDBOX: 'off' },
      });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
      child.on('close', () => resolve(out));
    });
    expect(answers(off)[0]).toMatchObject({ tier: 'gated', code: 'not-plain', contained: false });
  });

  it('refuses a --sandbox value other than on or off', async () => {
    const r = await cli(['--sandbox', 'maybe', '--workspace', fx.paths.workspace, 'ls']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--sandbox must be on or off');
  });

  it('answers the whole contained corpus through --jsonl as the decision does', async () => {
    const rows: { command: string; cwd?: string; expect: string }[] = [];
    for (const set of [PLACES_OUTSIDE, SHELL_CONSTRUCTS, NETWORK, SECRETS, LOSSES, SANDBOX_CANNOT]) {
      for (const row of set) rows.push({ command: fillPlaceholders(row[0], fx.places), cwd: row[2], expect: row[1] });
    }
    for (const row of HARMLESS)
      rows.push({ command: fillPlaceholders(row[0], fx.places), cwd: row[1], expect: 'contained' });
    const input = rows
      .map((r) => JSON.stringify({ workspace: fx.paths.workspace, cwd: r.cwd, command: r.command }))
      .join('\n');
    const r = await cli(['--jsonl', '--sandbox', 'on'], `${input}\n`);
    const got = answers(r.out);
    expect(got).toHaveLength(rows.length);
    const wrong = rows.flatMap((row, i) =>
      got[i]!.code === row.expect
        ? []
        : [`${JSON.stringify(row.command)}: ${got[i]!.code} (${got[i]!.reason}), expected ${row.expect}`],
    );
    expect(wrong).toEqual([]);
  });
});
