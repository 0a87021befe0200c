// `paddock check-command` (SPEC §2): one JSON line per decision, --jsonl for corpora, exit 2 on bad arguments.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheckCommand } from '../../../src/main/cli/checkCommand';
import { makeWorkspace, type Fixture } from './fixtures';

let fx: Fixture;
beforeAll(() => {
  fx = makeWorkspace();
});
afterAll(() => fx.cleanup());

async function run(args: string[], input = ''): Promise<{ code: number; out: string; err: string }> {
  const stdin = new PassThrough();
  let out = '';
  let err = '';
  const io = {
    stdin,
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    env: { HOME: fx.paths.home, PADDOCK_DATA_DIR: fx.paths.dataDir },
  };
  stdin.end(input);
  const code = await runCheckCommand(['--sandbox', 'off', ...args], io);
  return { code, out, err };
}

const parse = (out: string) =>
  out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { tier: string; reason: string; argv: string[] | null; code: string });

describe('check-command', () => {
  it('prints one decision for one command', async () => {
    const r = await run(['--workspace', fx.paths.workspace, 'npm test']);
    expect(r.code).toBe(0);
    expect(parse(r.out)).toEqual([
      {
        tier: 'auto',
        reason: 'on the run list: npm test',
        argv: ['npm', 'test'],
        code: 'on-run-list',
        contained: false,
      },
    ]);
  });

  it('joins several remaining words with single spaces, after the options stop', async () => {
    const r = await run(['--workspace', fx.paths.workspace, '--cwd', 'src', 'grep', '-n', 'x', 'a.ts']);
    expect(parse(r.out)[0]).toMatchObject({ tier: 'auto', argv: ['grep', '-n', 'x', 'a.ts'] });
    const dashed = await run([`--workspace=${fx.paths.workspace}`, '--', '-rf']);
    expect(parse(dashed.out)[0]).toMatchObject({ tier: 'gated', argv: ['-rf'] });
  });

  it('takes a mode, and defaults to run', async () => {
    const ask = await run(['--workspace', fx.paths.workspace, '--mode', 'ask', 'npm test']);
    expect(parse(ask.out)[0]).toMatchObject({
      tier: 'gated',
      reason: 'ask mode asks before every command',
      code: 'ask-mode',
    });
    const edit = await run(['--workspace', fx.paths.workspace, '--mode=edit', 'npm test']);
    expect(parse(edit.out)[0]).toMatchObject({ tier: 'gated', code: 'edit-mode' });
  });

  it('gates with the resolver’s reason when the workspace is not a valid root', async () => {
    const r = await run(['--workspace', '/', 'ls']);
    expect(r.code).toBe(0);
    expect(parse(r.out)[0]).toMatchObject({ tier: 'gated', argv: null, code: 'workspace-refused' });
    expect(parse(r.out)[0]!.reason).toContain('filesystem root');
    const data = await run(['--workspace', fx.paths.dataDir, 'ls']);
    expect(parse(data.out)[0]!.reason).toContain("Paddock's own state");
  });

  it('exits 2 with a message on bad arguments', async () => {
    for (const args of [
      [],
      ['npm test'],
      ['--workspace', fx.paths.workspace],
      ['--mode', 'yolo', '--workspace', '/x', 'ls'],
      ['--bogus', 'ls'],
      ['--workspace'],
    ]) {
      const r = await run(args);
      expect(r.code, JSON.stringify(args)).toBe(2);
      expect(r.err).toMatch(/^check-command: /);
      expect(r.out).toBe('');
    }
  });

  it('--jsonl answers one line per line, in order, and a malformed line never stops the stream', async () => {
    const ws = fx.paths.workspace;
    const lines = [
      JSON.stringify({ workspace: ws, command: 'npm test' }),
      'not json',
      JSON.stringify({ workspace: ws, cwd: 'src', mode: 'run', command: 'cat a.ts' }),
      JSON.stringify({ workspace: ws, command: 42 }),
      JSON.stringify({ workspace: ws, mode: 'ask', command: 'npm test' }),
      JSON.stringify([1]),
      JSON.stringify({ workspace: '/', command: 'ls' }),
      '',
      JSON.stringify({ workspace: ws, command: 'grep -f /etc/passwd x' }),
      JSON.stringify({ workspace: ws, mode: 'nope', command: 'ls' }),
    ];
    const r = await run(['--jsonl'], `${lines.join('\n')}\n`);
    expect(r.code).toBe(0);
    const answers = parse(r.out);
    expect(answers.map((a) => a.tier)).toEqual([
      'auto',
      'gated',
      'auto',
      'gated',
      'gated',
      'gated',
      'gated',
      'gated',
      'gated',
      'gated',
    ]);
    expect(answers[1]).toMatchObject({ code: 'malformed-request' });
    expect(answers[1]!.reason).toContain('malformed');
    expect(answers[8]).toMatchObject({ code: 'flag-not-on-run-list' });
    expect(answers[8]!.reason).toContain('grep -f');
  });

  it('every answer carries a stable reason code beside its sentence (issue 15 item 6)', async () => {
    const ws = fx.paths.workspace;
    const cases: [string, string][] = [
      ['ls -1', 'on-run-list'],
      ['sed -n 1,5p b.txt', 'on-run-list'],
      ['cat /etc/passwd', 'absolute'],
      ['cat ../outside.txt', 'climbs-out'],
      ['cat link', 'link'],
      ['cat .git/config', 'git-dir'],
      ['rm -rf .', 'not-on-run-list'],
      ['npm install x', 'subcommand-not-on-run-list'],
      ['ls -L', 'flag-not-on-run-list'],
      ['cat -', 'operand-not-allowed'],
      ['head -n x b.txt', 'value-not-allowed'],
      ['sed -n 1w/tmp/x b.txt', 'script-not-allowed'],
      ['cat $HOME', 'not-plain'],
      ['npx cowsay', 'npx-not-project-binary'],
    ];
    const r = await run(
      ['--jsonl', '--workspace', ws],
      cases.map(([command]) => JSON.stringify({ command })).join('\n'),
    );
    expect(parse(r.out).map((a) => a.code)).toEqual(cases.map(([, code]) => code));
  });

  it('--jsonl takes defaults from the flags and handles a corpus in one process', async () => {
    const commands = Array.from({ length: 2000 }, (_, i) => JSON.stringify({ command: i % 2 ? 'rm -rf .' : 'ls src' }));
    const r = await run(['--jsonl', '--workspace', fx.paths.workspace], commands.join('\n'));
    const answers = parse(r.out);
    expect(answers).toHaveLength(2000);
    expect(answers[0]!.tier).toBe('auto');
    expect(answers[1]!.tier).toBe('gated');
  });
});
