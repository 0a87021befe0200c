// `paddock check-path --jsonl` under hostile input (SPEC §2): whatever a line holds, exactly one
// answer line comes back for it, in order, and the process never dies mid-corpus.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheckPath } from '../../../src/main/cli/checkPath';
import { makeTree, type Tree } from './fixture';
import { paddockCli } from '../../support/cli';

let t: Tree;
beforeAll(() => {
  t = makeTree();
});
afterAll(() => t.cleanup());

async function jsonl(input: string): Promise<{ code: number; answers: Array<Record<string, unknown>> }> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  stdout.setEncoding('utf8'); // a character split across chunks stays whole
  stdout.on('data', (c: string) => (out += c));
  stdin.end(input);
  const code = await runCheckPath(['--jsonl'], {
    stdin,
    stdout,
    stderr,
    env: { HOME: t.top, PADDOCK_DATA_DIR: t.dataDir },
  });
  return {
    code,
    answers: out
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

const hostile = (): string[] => [
  'not json',
  '',
  '   ',
  '{',
  'null',
  '[]',
  '42',
  '"a string"',
  '{}',
  JSON.stringify({ workspace: 1, path: 'x' }),
  JSON.stringify({ workspace: t.ws }),
  JSON.stringify({ workspace: t.ws, path: null }),
  JSON.stringify({ workspace: t.ws, path: ['a'] }),
  JSON.stringify({ workspace: t.ws, path: 'x', for: 7 }),
  JSON.stringify({ workspace: t.ws, path: 'x', for: 'exec' }),
  JSON.stringify({ workspace: t.ws, path: 'x', cwd: 5 }),
  JSON.stringify({ workspace: t.ws, path: 'x', cwd: {} }),
  JSON.stringify({ workspace: 'a\0b', path: 'x' }),
  JSON.stringify({ workspace: `${t.ws}/${'d/'.repeat(5000)}`, path: 'x' }),
  JSON.stringify({ workspace: t.ws, path: `${'a/'.repeat(100_000)}x` }),
  JSON.stringify({ workspace: t.ws, path: `${'../'.repeat(50_000)}etc/passwd` }),
  JSON.stringify({ workspace: t.ws, path: 'x'.repeat(5000) }),
  JSON.stringify({ workspace: t.ws, path: `${'x'.repeat(300)}/y`, for: 'write' }),
  JSON.stringify({ workspace: t.ws, path: 'README.md', cwd: 'README.md' }),
  JSON.stringify({ workspace: t.ws, path: 'README.md', cwd: '\0' }),
  `\ufeff${JSON.stringify({ workspace: t.ws, path: 'README.md' })}`,
  JSON.stringify({ workspace: t.ws, path: 'README.md' }),
];

describe('check-path --jsonl robustness', () => {
  it('answers every line exactly once, in order, blank and broken ones included', async () => {
    const lines = hostile();
    const { code, answers } = await jsonl(lines.join('\n') + '\n');
    expect(code).toBe(0);
    expect(answers).toHaveLength(lines.length);
    // The malformed ones up to the too-deep workspace are refusals; the long paths may be answered
    // either way, but an accepted one is inside the workspace.
    for (const a of answers.slice(0, 19)) expect(a.ok).toBe(false);
    for (const a of answers) {
      if (a.ok === false) {
        expect(typeof a.reason).toBe('string');
        expect(typeof a.code).toBe('string');
      } else expect(String(a.path).startsWith(`${t.ws}/`)).toBe(true);
    }
    expect(answers[20]!.ok).toBe(false); // ../ × 50,000
    expect(answers[answers.length - 2]).toEqual({ ok: true, path: path.join(t.ws, 'README.md') });
    expect(answers[answers.length - 1]).toEqual({ ok: true, path: path.join(t.ws, 'README.md') });
  });

  it('accepts CRLF line ends', async () => {
    const line = JSON.stringify({ workspace: t.ws, path: 'README.md' });
    const { answers } = await jsonl(`${line}\r\n${line}\r\n`);
    expect(answers).toEqual([
      { ok: true, path: path.join(t.ws, 'README.md') },
      { ok: true, path: path.join(t.ws, 'README.md') },
    ]);
  });

  it('runs a corpus through the real binary without dying', async () => {
    const lines = [
      ...hostile(),
      ...['../x', '/etc/passwd', '..\\..\\x', '\uff0e\uff0e/x'].map((p) =>
        JSON.stringify({ workspace: t.ws, path: p }),
      ),
    ];
    const child = spawn(...paddockCli(['check-path', '--jsonl']), {
      env: { ...process.env, HOME: t.top, PADDOCK_DATA_DIR: t.dataDir },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8'); // a character split across chunks stays whole
    child.stdout.on('data', (c: string) => (out += c));
    child.stdin.end(lines.join('\n') + '\n');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    const answers = out
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as { ok: boolean });
    expect(answers).toHaveLength(lines.length);
    expect(answers.slice(-4).every((a) => a.ok === false)).toBe(true);
  }, 60_000);
});
