// Published path-containment attacks replayed against the resolver (SPEC §4, seed 000 AC-4/AC-5,
// seed 003 §2/§9): traversal payload lists, Windows and Unicode spellings, `.git` variants reached
// through the working directory, a home directory behind a link, and Paddock's own data directory.
// Each case here was a bypass (or a needless refusal) found in review, or guards one next to it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveInsideWorkspace } from '../../../src/main/workspace/resolve';
import { validateWorkspaceRoot } from '../../../src/main/workspace/root';
import type { PathContext, PathPurpose } from '../../../src/main/workspace/types';
import { link, makeTree, type Tree } from './fixture';

let t: Tree;

beforeAll(() => {
  t = makeTree();
  fs.mkdirSync(path.join(t.ws, '.git', 'hooks'), { recursive: true });
  fs.writeFileSync(path.join(t.ws, '.git', 'config'), '[core]\n');
  link('.git', path.join(t.ws, 'g'));
  link('src/lib', path.join(t.ws, 'in'));
  fs.mkdirSync(path.join(t.dataDir, 'repositories', 'p1', 'agent'), { recursive: true });
  fs.mkdirSync(path.join(t.dataDir, 'credentials'), { recursive: true });
  // The owner's HOME as a link to the real home directory (macOS /var → /private/var, NFS homes).
  link(t.top, path.join(path.dirname(t.top), `${path.basename(t.top)}-homelink`));
});
afterAll(() => {
  fs.rmSync(path.join(path.dirname(t.top), `${path.basename(t.top)}-homelink`), { force: true });
  t.cleanup();
});

function check(p: string, purpose: PathPurpose = 'read', cwd?: string, ctx: PathContext = t.ctx) {
  return resolveInsideWorkspace(ctx, { path: p, for: purpose, cwd });
}

function expectRefused(d: ReturnType<typeof check>, reason: RegExp): void {
  expect(d.ok, JSON.stringify(d)).toBe(false);
  if (!d.ok) {
    expect(d.status).toBe(403);
    expect(d.reason).toMatch(/^refused: /);
    expect(d.reason).toMatch(reason);
  }
}

describe('.git is never written, whichever way it is reached', () => {
  // Was ok: the working directory was walked as a read, and its components never met the .git rule.
  it.each<[string, string]>([
    ['config', '.git'],
    ['pre-commit', '.git/hooks'],
    ['pre-commit', 'g/hooks'],
    ['hooks/pre-commit', 'g'],
    ['x', `${'.git'}/./hooks/..`],
  ])('%j with cwd %j for write', (p, cwd) => {
    expectRefused(check(p, 'write', cwd), /\.git/);
  });

  it.each(['.git::$INDEX_ALLOCATION/hooks/x', '.git:stream', 'GIT~2/hooks/x', '.git \u200b/x', '.GiT. ./config'])(
    '%j for write (NTFS and 8.3 spellings)',
    (p) => {
      expectRefused(check(p, 'write'), /\.git/);
    },
  );

  it('refuses writes in a workspace that is itself inside a .git directory', () => {
    const ctx = { ...t.ctx, workspace: path.join(t.ws, '.git') };
    expectRefused(check('hooks/pre-commit', 'write', undefined, ctx), /\.git/);
    expect(check('config', 'read', undefined, ctx).ok).toBe(true);
  });

  it('still reads .git and writes names that merely contain "git"', () => {
    expect(check('config', 'read', '.git').ok).toBe(true);
    expect(check('.github/x.yml', 'write').ok).toBe(true);
    expect(check('.gitignore', 'write').ok).toBe(true);
    expect(check('git~x', 'write').ok).toBe(true);
  });
});

describe('Windows spellings', () => {
  // Was ok as a literal name; a backslash is a separator to every Windows-trained model and corpus.
  it.each([
    '..\\..\\etc\\passwd',
    'src\\..\\..\\outside',
    '..\\',
    'src/..\\..\\x',
    '\\\\?\\C:\\Windows',
    '\\etc\\passwd',
    'C:\\Windows\\win.ini',
    'c:/x',
    'C:',
    'C:foo',
  ])('%j is refused', (p) => {
    expect(check(p).ok).toBe(false);
    expect(check(p, 'write').ok).toBe(false);
  });

  it('reads a backslash-separated path inside as the same file', () => {
    expect(check('src\\lib\\a.ts')).toEqual({ ok: true, path: path.join(t.ws, 'src/lib/a.ts') });
  });

  it('refuses any backslash in a command operand (the program would read it literally)', () => {
    expectRefused(check('src\\lib', 'run'), /backslash/);
    expectRefused(check('a.ts', 'run', 'src\\lib'), /backslash/);
  });
});

describe('Unicode and control characters', () => {
  // Were ok as literal names; every one is `..`, `/` or `~` to a normalising layer.
  it.each([
    '\uff0e\uff0e/\uff0e\uff0e/etc/passwd',
    '\u2024\u2024/x',
    '\u2025/x',
    '..\uff0fx',
    '\uff0e\uff0e\uff0fx',
    '.\u200b./x',
    '\ufe52\ufe52/x',
    'a\u2215..\u2215..\u2215b',
    '\uff5e/.ssh',
    'a\uff3c..',
  ])('%j is refused', (p) => {
    expectRefused(check(p), /Unicode/);
  });

  it.each(['a\nb', 'a\rb', 'a\tb', 'x\u001b[2Jy', 'a\u007fb'])('%j (control character) is refused', (p) => {
    expectRefused(check(p), /control character/);
  });

  it('keeps ordinary non-ASCII names and percent signs (literal, inside)', () => {
    for (const p of [
      'caf\u00e9.txt',
      'cafe\u0301.txt',
      '\u65e5\u672c/\u8a9e.md',
      '%2e%2e/%2e%2e/etc',
      '..%2f..%2fetc',
      '\u202ecod.exe',
    ]) {
      const d = check(p);
      expect(d, p).toEqual({ ok: true, path: path.join(t.ws, p) });
    }
  });
});

describe('the deny list when HOME is a link', () => {
  // Was ok: entries that did not exist yet were compared only in their unresolved spelling.
  it.each(['.aws/credentials', '.config/gh/hosts.yml', '.ssh/authorized_keys', '.bashrc', '.claude/settings.json'])(
    '%j for write in the real home is refused',
    (p) => {
      const home = path.join(path.dirname(t.top), `${path.basename(t.top)}-homelink`);
      const ctx = { workspace: t.top, home, dataDir: t.dataDir };
      expectRefused(check(p, 'write', undefined, ctx), /deny list/);
    },
  );
});

describe("Paddock's own data directory", () => {
  const home = () => ({ workspace: t.top, home: t.top, dataDir: t.dataDir });
  it.each([
    'data/repositories/p1/deploy-key',
    'data/repositories/p1',
    'data/repositories',
    'data/credentials/x',
    'data/repositories/p1/agent/../../../paddock.db',
  ])('%j is refused from a workspace above it', (p) => {
    expectRefused(check(p, 'write', undefined, home()), /data directory/);
  });
  it('allows a connected worktree below it', () => {
    expect(check('data/repositories/p1/agent/src/x.ts', 'write', undefined, home()).ok).toBe(true);
  });
});

describe('workspace roots', () => {
  const ctx = () => ({ home: t.top, dataDir: t.dataDir });
  it('refuses a project folder that is not its agent worktree', () => {
    expect(validateWorkspaceRoot(path.join(t.dataDir, 'repositories', 'p1'), ctx())).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/Paddock's own state/),
    });
    expect(validateWorkspaceRoot(path.join(t.dataDir, 'repositories', 'p1', 'agent'), ctx()).ok).toBe(true);
  });
  it('refuses a process alias even when it resolves to an ordinary directory', () => {
    expect(validateWorkspaceRoot('/proc/self/cwd', ctx()).ok).toBe(false);
    expect(validateWorkspaceRoot(`/proc/${process.pid}/root${t.ws}`, ctx()).ok).toBe(false);
  });
});

describe('absolute paths that name the workspace another way', () => {
  it('accepts the workspace reached through a link or a climb above it', () => {
    const homelink = path.join(path.dirname(t.top), `${path.basename(t.top)}-homelink`);
    expect(check(path.join(homelink, 'ws', 'README.md'))).toEqual({ ok: true, path: path.join(t.ws, 'README.md') });
    expect(check(`${t.top}/outside/../ws/README.md`)).toEqual({ ok: true, path: path.join(t.ws, 'README.md') });
  });
  it('still refuses aliases, siblings and climbs after the workspace', () => {
    expect(check(`/proc/self/root${t.ws}/README.md`).ok).toBe(false);
    expect(check(`/proc/${process.pid}/cwd/README.md`).ok).toBe(false);
    expect(check(`${t.ws}/../ws-evil/x.txt`).ok).toBe(false);
    expect(check(`${t.top}/outside/../ws-evil/x.txt`).ok).toBe(false);
    expect(check(`${t.top}/outside/../outside/secret.txt`).ok).toBe(false);
  });
});

describe('always-a-card spellings', () => {
  it.each(['.vs\u200bcode/tasks.json', '.envrc::$DATA', '.mcp.json.', '.github\\workflows\\ci.yml'])(
    '%j is a card',
    async (p) => {
      const { isAlwaysCardPath } = await import('../../../src/main/workspace/alwaysCard');
      expect(isAlwaysCardPath(p)).toMatch(/always a card/);
    },
  );
});
