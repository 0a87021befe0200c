// Table tests for the resolver (SPEC §4, issue 3): every allowed shape and every refusal kind.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveInsideWorkspace } from '../../../src/main/workspace/resolve';
import type { PathPurpose } from '../../../src/main/workspace/types';
import { link, makeTree, type Tree } from './fixture';

let t: Tree;

beforeAll(() => {
  t = makeTree();
  link('src/lib', path.join(t.ws, 'inward'));
  link(path.join(t.ws, 'README.md'), path.join(t.ws, 'abs-inward'));
  link('..', path.join(t.ws, 'up'));
  link('..', path.join(t.ws, 'src', 'up-inside'));
  link(t.outside, path.join(t.ws, 'outward'));
  link('../outside/secret.txt', path.join(t.ws, 'outward-rel'));
  link('missing-target', path.join(t.ws, 'dangling'));
  link('loop-b', path.join(t.ws, 'loop-a'));
  link('loop-a', path.join(t.ws, 'loop-b'));
  link('self', path.join(t.ws, 'self'));
  link(path.join(t.top, '.ssh'), path.join(t.ws, 'keys'));
  link('/proc/self/root', path.join(t.ws, 'procroot'));
  fs.mkdirSync(path.join(t.ws, '.git'));
  fs.writeFileSync(path.join(t.ws, '.git', 'config'), '[core]\n');
});
afterAll(() => t.cleanup());

function check(p: string, purpose: PathPurpose = 'read', cwd?: string) {
  return resolveInsideWorkspace(t.ctx, { path: p, for: purpose, cwd });
}

describe('allowed shapes', () => {
  const cases: Array<[string, string]> = [
    ['README.md', 'README.md'],
    ['./README.md', 'README.md'],
    ['src//lib/a.ts', 'src/lib/a.ts'],
    ['src/./lib/a.ts', 'src/lib/a.ts'],
    ['src/../src/lib/a.ts', 'src/lib/a.ts'],
    ['.', ''],
    ['src/lib/', 'src/lib'],
    ['inward/a.ts', 'src/lib/a.ts'], // AC-5: a link inside resolving inside is followed
    ['abs-inward', 'README.md'],
    ['src/up-inside/README.md', 'README.md'],
    ['new/dir/file.txt', 'new/dir/file.txt'], // absent: real parent + name
  ];
  it.each(cases)('%s resolves to <ws>/%s', (p, rel) => {
    expect(check(p)).toEqual({ ok: true, path: rel ? path.join(t.ws, rel) : t.ws });
  });

  it('accepts an absolute path inside the workspace', () => {
    expect(check(path.join(t.ws, 'src/lib/a.ts'))).toEqual({ ok: true, path: path.join(t.ws, 'src/lib/a.ts') });
  });

  it('reads inside .git but never writes there', () => {
    expect(check('.git/config').ok).toBe(true);
  });
});

describe('refusals', () => {
  const cases: Array<[string, PathPurpose, RegExp]> = [
    ['', 'read', /empty/],
    ['a\0b', 'read', /NUL/],
    ['~/x', 'read', /~/],
    ['~', 'read', /~/],
    ['../outside/secret.txt', 'read', /climbs out/],
    ['src/../../outside', 'read', /climbs out/],
    ['/etc/passwd', 'read', /outside the workspace/],
    ['/proc/self/root/etc/passwd', 'read', /device or process alias/],
    ['/dev/stdin', 'read', /device or process alias/],
    ['up/outside/secret.txt', 'read', /points outside/],
    ['up', 'read', /points outside/],
    ['outward/secret.txt', 'read', /points outside/],
    ['outward-rel', 'read', /points outside/],
    ['procroot/etc/passwd', 'read', /points outside/],
    ['dangling', 'read', /does not exist/],
    ['loop-a', 'read', /loop/],
    ['self/x', 'read', /loop/],
    ['keys/id_rsa', 'read', /points outside/],
    ['.git/config', 'write', /\.git/],
    ['.GIT/config', 'write', /\.git/],
    ['.Git/hooks/pre-commit', 'write', /\.git/],
    ['src/.gIt', 'write', /\.git/],
    ['.git./x', 'write', /\.git/],
    ['.g\u200cit/config', 'write', /\.git/],
    ['inward', 'write', /symbolic link/],
  ];
  it.each(cases)('%j for %s is refused (%s)', (p, purpose, reason) => {
    const d = check(p, purpose);
    expect(d.ok).toBe(false);
    if (!d.ok) {
      expect(d.status).toBe(403);
      expect(d.reason).toMatch(reason);
      expect(d.reason).toMatch(/^refused: /);
    }
  });

  it('refuses the sibling with the same prefix (/ws vs /ws-evil)', () => {
    const d = check(path.join(t.top, 'ws-evil', 'x.txt'));
    expect(d.ok).toBe(false);
    expect(check(`${t.ws}-evil/x.txt`).ok).toBe(false);
  });
});

describe('deny list', () => {
  it('holds when the workspace is the home directory', () => {
    const ctx = { workspace: t.top, home: t.top, dataDir: t.dataDir };
    for (const p of [
      '.ssh/id_rsa',
      '.ssh',
      './.ssh/../.ssh/id_rsa',
      'ws/../.ssh/id_rsa',
      '.bashrc',
      '.config/gh/hosts.yml',
      '.cargo/credentials.toml',
      '.claude/settings.json',
      '.cargo/config.toml',
      '.pgpass',
      '.bash_history',
    ]) {
      const d = resolveInsideWorkspace(ctx, { path: p, for: 'read' });
      expect(d, p).toMatchObject({ ok: false, status: 403 });
      if (!d.ok) expect(d.reason).toMatch(/deny list/);
    }
    expect(resolveInsideWorkspace(ctx, { path: 'ws/README.md', for: 'read' }).ok).toBe(true);
    // A near miss beside a denied name stays ordinary (.cargo/config.toml itself is denied: cargo runs the runners it names).
    expect(resolveInsideWorkspace(ctx, { path: '.cargo/registry/index.txt', for: 'read' }).ok).toBe(true);
  });

  it('holds through a link inside the workspace that points into a denied place', () => {
    const ctx = { workspace: t.top, home: t.top, dataDir: t.dataDir };
    const d = resolveInsideWorkspace(ctx, { path: 'ws/keys/id_rsa', for: 'read' });
    expect(d).toMatchObject({ ok: false, status: 403 });
    if (!d.ok) expect(d.reason).toMatch(/~\/\.ssh/);
  });

  it("refuses Paddock's own data directory but not its repositories", () => {
    fs.mkdirSync(path.join(t.dataDir, 'repositories', 'p1', 'agent'), { recursive: true });
    const ctx = { workspace: t.top, home: t.top, dataDir: t.dataDir };
    const db = resolveInsideWorkspace(ctx, { path: 'data/paddock.db', for: 'read' });
    expect(db).toMatchObject({ ok: false });
    if (!db.ok) expect(db.reason).toMatch(/Paddock's own data directory/);
    expect(resolveInsideWorkspace(ctx, { path: 'data/repositories/p1/agent/x', for: 'write' }).ok).toBe(true);
  });

  it("allows a task's worktree under <data>/worktrees/<task>, as a workspace of its own, and nothing else of the folder", () => {
    const task = path.join(t.dataDir, 'worktrees', 'fix-login');
    fs.mkdirSync(path.join(task, 'src'), { recursive: true });
    const own = { workspace: task, home: t.top, dataDir: t.dataDir };
    expect(resolveInsideWorkspace(own, { path: 'src/x.ts', for: 'write' }).ok).toBe(true);
    expect(resolveInsideWorkspace(own, { path: '../../paddock.db', for: 'read' }).ok).toBe(false);
    const above = { workspace: t.top, home: t.top, dataDir: t.dataDir };
    expect(resolveInsideWorkspace(above, { path: 'data/worktrees/fix-login/src/x.ts', for: 'write' }).ok).toBe(true);
    expect(resolveInsideWorkspace(above, { path: 'data/worktrees', for: 'read' }).ok).toBe(false);
    expect(resolveInsideWorkspace(above, { path: 'data/paddock.db', for: 'read' }).ok).toBe(false);
  });

  it('folds case and Unicode normalisation on a case-insensitive volume', () => {
    const ctx = { workspace: t.top, home: t.top, dataDir: t.dataDir, caseInsensitive: true };
    expect(resolveInsideWorkspace(ctx, { path: '.SSH/id_rsa', for: 'read' }).ok).toBe(false);
    expect(resolveInsideWorkspace(ctx, { path: '.BashRC', for: 'read' }).ok).toBe(false);
    // On a case-sensitive volume ~/.SSH is another, ordinary name.
    expect(resolveInsideWorkspace({ ...ctx, caseInsensitive: false }, { path: '.SSH/id_rsa', for: 'read' }).ok).toBe(
      true,
    );
    // The workspace prefix of an absolute path is folded too.
    const wsUpper = resolveInsideWorkspace(
      { ...t.ctx, caseInsensitive: true },
      { path: t.ws.toUpperCase() + '/README.md', for: 'read' },
    );
    expect(wsUpper.ok).toBe(true);
  });
});

describe('for: run (seed 003 §5)', () => {
  it('allows a plain relative operand and resolves it against cwd', () => {
    expect(check('lib/a.ts', 'run', 'src')).toEqual({ ok: true, path: path.join(t.ws, 'src/lib/a.ts') });
    expect(check('a.ts', 'run', 'src/lib')).toEqual({ ok: true, path: path.join(t.ws, 'src/lib/a.ts') });
  });
  const cases: Array<[string, string | undefined, RegExp]> = [
    ['/etc/passwd', undefined, /absolute/],
    [path.join('/tmp', 'x'), undefined, /absolute/],
    ['src/../README.md', undefined, /'\.\.'/],
    ['~/x', undefined, /~/],
    ['inward/a.ts', undefined, /symbolic link/],
    ['abs-inward', undefined, /symbolic link/],
    ['a.ts', 'inward', /symbolic link/],
    ['x', '..', /'\.\.'/],
    ['x', '/tmp', /absolute/],
    ['.git/config', undefined, /\.git/],
    ['.ssh', '..', /'\.\.'/],
  ];
  it.each(cases)('%j with cwd %j is refused', (p, cwd, reason) => {
    const d = check(p, 'run', cwd);
    expect(d.ok).toBe(false);
    if (!d.ok) expect(d.reason).toMatch(reason);
  });
});

describe('each refusal carries a stable code beside its sentence (issue 15 item 6)', () => {
  it('names the rule that refused, for every refusal kind', () => {
    const cases: Array<[string, PathPurpose, string]> = [
      ['', 'read', 'path-shape'],
      ['a\u0007b', 'read', 'path-shape'],
      ['~/x', 'read', 'home-tilde'],
      ['/etc/passwd', 'read', 'outside-workspace'],
      ['/etc/passwd', 'run', 'absolute'],
      ['../outside/secret.txt', 'read', 'climbs-out'],
      ['src/../b', 'run', 'climbs-out'],
      ['/proc/self/environ', 'read', 'device-alias'],
      ['procroot/etc/passwd', 'read', 'device-alias'],
      ['outward/secret.txt', 'read', 'link-outside'],
      ['dangling', 'read', 'link-outside'],
      ['loop-a', 'read', 'link-outside'],
      ['inward/a.ts', 'run', 'link'],
      ['abs-inward', 'write', 'link-outside'],
      ['keys/id_rsa', 'read', 'link-outside'],
      ['../.ssh/id_rsa', 'read', 'climbs-out'],
      ['.git/config', 'run', 'git-dir'],
      ['.git/config', 'write', 'git-dir'],
      ['C:x', 'read', 'outside-workspace'],
    ];
    for (const [p, purpose, code] of cases) {
      const r = check(p, purpose);
      expect({ p, purpose, ok: r.ok, code: r.ok ? undefined : r.code }).toEqual({ p, purpose, ok: false, code });
    }
  });

  it('a deny-listed place inside a workspace at HOME is deny-list, the data directory data-dir', () => {
    const home = { ...t.ctx, workspace: t.top };
    const ssh = resolveInsideWorkspace(home, { path: '.ssh/id_rsa', for: 'read' });
    expect(ssh.ok === false && ssh.code).toBe('deny-list');
    const data = resolveInsideWorkspace(home, { path: 'data/paddock.db', for: 'read' });
    expect(data.ok === false && data.code).toBe('data-dir');
  });

  it('the working directory refusal keeps its code', () => {
    const r = check('README.md', 'run', 'README.md');
    expect(r.ok === false && r.code).toBe('not-a-directory');
  });
});
