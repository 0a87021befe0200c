// The rule: `check-command --jsonl` answers exactly one line per input line, in order (SPEC §2),
// whatever the line holds — a CR inside JSON, CRLF, a BOM, a split multi-byte character.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheckCommand } from '../../../src/main/cli/checkCommand';
import { makeWorkspace, type Fixture } from './fixtures';

let fx: Fixture;
beforeAll(() => {
  fx = makeWorkspace();
});
afterAll(() => fx.cleanup());

describe('check-command --jsonl: one answer line per input line', () => {
  async function jsonl(input: string): Promise<{ tier: string; reason: string }[]> {
    const stdin = new PassThrough();
    let out = '';
    const io = {
      stdin,
      stdout: { write: (s: string) => (out += s) },
      stderr: { write: () => true },
      env: { HOME: fx.paths.home, PADDOCK_DATA_DIR: fx.paths.dataDir },
    };
    stdin.end(input);
    expect(await runCheckCommand(['--jsonl', '--sandbox', 'off'], io)).toBe(0);
    return out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { tier: string; reason: string });
  }
  const ws = () => JSON.stringify(fx.paths.workspace);

  it('a CR inside a line (JSON whitespace) does not split it and shift every later answer', async () => {
    const lines = [
      `{"workspace":${ws()},\r"command":"rm -rf ."}`,
      `{"workspace":${ws()},"command":"ls"}`,
      `{"workspace":${ws()},"command":"cat /etc/passwd"}`,
    ];
    const answers = await jsonl(`${lines.join('\n')}\n`);
    expect(answers.map((a) => a.tier)).toEqual(['gated', 'auto', 'gated']);
    expect(answers[0]!.reason).toContain('rm');
  });

  it('CRLF, a BOM, an empty line, a last line without LF and a null mode each get their own answer', async () => {
    const input = `\ufeff{"workspace":${ws()},"command":"ls"}\r\n\n{"workspace":${ws()},"command":"ls","mode":null}\n{"workspace":${ws()},"command":"pwd"}`;
    const answers = await jsonl(input);
    expect(answers.map((a) => a.tier)).toEqual(['auto', 'gated', 'gated', 'auto']);
    expect(answers[2]!.reason).toContain('mode');
  });

  it('a multi-byte character split across chunks is decoded whole', async () => {
    const stdin = new PassThrough();
    let out = '';
    const io = {
      stdin,
      stdout: { write: (s: string) => (out += s) },
      stderr: { write: () => true },
      env: { HOME: fx.paths.home },
    };
    const bytes = Buffer.from(`{"workspace":${ws()},"command":"echo é"}\n`);
    const cut = bytes.indexOf(Buffer.from('é')) + 1;
    const done = runCheckCommand(['--jsonl', '--sandbox', 'off'], io);
    stdin.write(bytes.subarray(0, cut));
    stdin.end(bytes.subarray(cut));
    await done;
    expect(JSON.parse(out)).toMatchObject({ tier: 'auto', argv: ['echo', 'é'] });
  });
});
