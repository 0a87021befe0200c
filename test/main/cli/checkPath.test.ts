// `paddock check-path` (SPEC §2), called in-process with real streams.
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheckPath } from '../../../src/main/cli/checkPath';
import { makeTree, type Tree } from '../workspace/fixture';

let t: Tree;
beforeAll(() => {
  t = makeTree();
});
afterAll(() => t.cleanup());

async function cli(args: string[], input = ''): Promise<{ code: number; out: string; err: string }> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.setEncoding('utf8'); // a character split across chunks stays whole
  stdout.on('data', (c: string) => (out += c));
  stderr.setEncoding('utf8'); // a character split across chunks stays whole
  stderr.on('data', (c: string) => (err += c));
  stdin.end(input);
  const code = await runCheckPath(args, { stdin, stdout, stderr, env: { HOME: t.top, PADDOCK_DATA_DIR: t.dataDir } });
  return { code, out, err };
}

describe('check-path', () => {
  it('prints one JSON line for an allowed and a refused path', async () => {
    const ok = await cli(['--workspace', t.ws, 'src/lib/a.ts']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out)).toEqual({ ok: true, path: path.join(t.ws, 'src/lib/a.ts') });
    const no = await cli(['--workspace', t.ws, '--for', 'run', '--cwd', 'src', '../README.md']);
    expect(JSON.parse(no.out)).toMatchObject({ ok: false, status: 403, reason: expect.stringMatching(/'\.\.'/) });
  });

  it('refuses a workspace that is not a valid root', async () => {
    const r = await cli(['--workspace', t.dataDir, 'x']);
    expect(JSON.parse(r.out)).toMatchObject({
      ok: false,
      status: 403,
      reason: expect.stringMatching(/Paddock's own state/),
    });
  });

  it('answers --jsonl one line each, in order, a bad line included', async () => {
    const lines = [
      { workspace: t.ws, path: 'README.md' },
      'not json',
      { workspace: t.ws, for: 'write', path: '.git/config' },
      { workspace: t.ws, for: 'bogus', path: 'x' },
      { workspace: t.top, path: '.ssh/id_rsa' },
    ].map((l) => (typeof l === 'string' ? l : JSON.stringify(l)));
    const r = await cli(['--jsonl'], lines.join('\n') + '\n');
    expect(r.code).toBe(0);
    const answers = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(answers).toHaveLength(5);
    expect(answers[0]).toEqual({ ok: true, path: path.join(t.ws, 'README.md') });
    expect(answers[1]).toMatchObject({ ok: false });
    expect(answers[2]).toMatchObject({ ok: false, status: 403, reason: expect.stringMatching(/\.git/) });
    expect(answers[3]).toMatchObject({ ok: false });
    expect(answers[4]).toMatchObject({ ok: false, status: 403, reason: expect.stringMatching(/deny list/) });
  });

  it('answers --jsonl once per LF-ended line: a lone CR is JSON whitespace, a BOM and CRLF are not part of the request', async () => {
    const input =
      '\ufeff' +
      JSON.stringify({ workspace: t.ws, path: 'README.md' }) +
      '\r\n' +
      `{"workspace":${JSON.stringify(t.ws)},\r"path":".git/config","for":"write"}\n` +
      JSON.stringify({ workspace: t.ws, path: 'src/lib/a.ts' }) +
      '\n';
    const r = await cli(['--jsonl'], input);
    const answers = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(answers).toHaveLength(3);
    expect(answers[0]).toEqual({ ok: true, path: path.join(t.ws, 'README.md') });
    expect(answers[1]).toMatchObject({ ok: false, status: 403, reason: expect.stringMatching(/\.git/) });
    expect(answers[2]).toEqual({ ok: true, path: path.join(t.ws, 'src/lib/a.ts') });
  });

  it('keeps a character split across input chunks whole', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let out = '';
    stdout.setEncoding('utf8');
    stdout.on('data', (c: string) => (out += c));
    const bytes = Buffer.from(JSON.stringify({ workspace: t.ws, path: 'café.md' }) + '\n');
    const cut = bytes.indexOf(Buffer.from('é')) + 1; // inside the two bytes of é
    const done = runCheckPath(['--jsonl'], {
      stdin,
      stdout,
      stderr: new PassThrough(),
      env: { HOME: t.top, PADDOCK_DATA_DIR: t.dataDir },
    });
    stdin.write(bytes.subarray(0, cut));
    await new Promise((r) => setImmediate(r));
    stdin.end(bytes.subarray(cut));
    expect(await done).toBe(0);
    expect(JSON.parse(out)).toEqual({ ok: true, path: path.join(t.ws, 'café.md') });
  });

  it('exits 2 with a message on bad arguments', async () => {
    for (const args of [
      [],
      ['--workspace'],
      ['--workspace', t.ws],
      ['--workspace', t.ws, '--for', 'exec', 'x'],
      ['--bogus'],
    ]) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(/check-path/);
      expect(r.out).toBe('');
    }
  });
});
