// A recursive search for literal text spares a secrets file that holds none of it (policy/literalSearch.ts):
// only when the reading is certain — literal patterns, no inverting or decoding flag, a plain small file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { holdsNone, literalPatterns } from '../../../src/main/policy/literalSearch';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-literal-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string | Buffer): string => {
  const p = path.join(dir, name);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, content);
  return p;
};

describe('literalPatterns', () => {
  const at = (i: number) => new Set([i]);
  it.each([
    [['grep', '-rn', 'parse_config', '.'], at(2), ['parse_config']],
    [['grep', '-rn', '-e', 'A', '-e', 'b c', '.'], new Set<number>(), ['a', 'b c']],
    [['rg', '-n', '--regexp=TODO'], new Set<number>(), ['todo']],
    [['grep', '-rni', 'Import json', '.'], at(2), ['import json']],
    [['grep', '-rF', 'a.b(', '.'], at(2), ['a.b(']],
  ] as const)('reads %j', (argv, patterns, expected) => {
    expect(literalPatterns(argv[0], argv, patterns)).toEqual(expected);
  });
  it.each([
    [['grep', '-rn', 'a.b', '.'], at(2)],
    [['grep', '-rn', 'x*', '.'], at(2)],
    [['grep', '-rn', '', '.'], at(2)],
    [['grep', '-rnv', 'x', '.'], at(2)],
    [['grep', '-rn', '-f', 'pats', '.'], new Set<number>()],
    [['grep', '-rn', '-ie', 'x', '.'], new Set<number>()],
    [['rg', '--passthru', 'x'], at(2)],
    [['rg', '-z', 'x'], at(2)],
    [['rg', '-E', 'utf-16', 'x'], at(3)],
    [['grep', '-rna', 'x', '.'], at(2)],
    [['grep', '-r', '-0v', 'x', '.'], at(3)],
    [['rg', '-0uuv', 'x'], at(2)],
    [['grep', '-rn', 'caf\u00e9', '.'], at(2)],
    [['zgrep', '-r', 'x', '.'], at(2)],
    [['git', 'grep', 'x'], at(2)],
  ] as const)('is not sure of %j', (argv, patterns) => {
    expect(literalPatterns(argv[0], argv, patterns)).toBeNull();
  });
});

describe('holdsNone', () => {
  it('spares a small plain file only when no pattern is in it, caselessly', () => {
    const env = file('.env', 'API_KEY=sk-live-123\n');
    expect(holdsNone(env, ['parse_config'])).toBe(true);
    expect(holdsNone(env, ['api_key'])).toBe(false);
    expect(holdsNone(env, ['zzz', 'sk-live'])).toBe(false);
  });
  it('is unsure of a file another encoding reads differently, a large one, a link', () => {
    expect(holdsNone(file('u16.env', Buffer.from('\ufeffKEY=x', 'utf16le')), ['key'])).toBe(false);
    expect(holdsNone(file('nul.env', Buffer.from('K\0E\0Y')), ['zzz'])).toBe(false);
    expect(holdsNone(file('bom.env', Buffer.from('\xef\xbb\xbfKEY=1', 'latin1')), ['zzz'])).toBe(false);
    expect(holdsNone(file('big.env', 'x'.repeat(1024 * 1024 + 1)), ['zzz'])).toBe(false);
    fs.symlinkSync(path.join(dir, '.env'), path.join(dir, 'link.env'));
    expect(holdsNone(path.join(dir, 'link.env'), ['zzz'])).toBe(false);
  });
  it('spares a secrets folder when none of its files holds a pattern, and no more than 50 entries', () => {
    file('aws/credentials', '[default]\nkey=1\n');
    file('aws/config', 'region=x\n');
    expect(holdsNone(path.join(dir, 'aws'), ['zzz'])).toBe(true);
    expect(holdsNone(path.join(dir, 'aws'), ['region'])).toBe(false);
    for (let i = 0; i < 51; i++) file(`many/f${i}`, 'x\n');
    expect(holdsNone(path.join(dir, 'many'), ['zzz'])).toBe(false);
  });
});
