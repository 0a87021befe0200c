// Workspace roots (SPEC §4, AC-9) and the always-a-card files.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateWorkspaceRoot } from '../../../src/main/workspace/resolve';
import { isAlwaysCardPath } from '../../../src/main/workspace/alwaysCard';
import { link, makeTree, type Tree } from './fixture';

let t: Tree;
beforeAll(() => {
  t = makeTree();
  for (const d of ['repositories/p1/agent', 'logs', 'files', 'credentials', 'developer/logs', 'worktrees'])
    fs.mkdirSync(path.join(t.dataDir, d), { recursive: true });
  link(path.join(t.dataDir, 'logs'), path.join(t.top, 'logs-link'));
});
afterAll(() => t.cleanup());

const ctx = () => ({ home: t.top, dataDir: t.dataDir });

describe('validateWorkspaceRoot', () => {
  it('accepts an ordinary directory, the home directory and a connected worktree (AC-9)', () => {
    expect(validateWorkspaceRoot(t.ws, ctx())).toEqual({ ok: true, path: t.ws });
    expect(validateWorkspaceRoot(t.top, ctx())).toEqual({ ok: true, path: t.top });
    const worktree = path.join(t.dataDir, 'repositories/p1/agent');
    expect(validateWorkspaceRoot(worktree, ctx())).toEqual({ ok: true, path: worktree });
  });

  it('says which check failed for a missing path or a file', () => {
    expect(validateWorkspaceRoot(path.join(t.top, 'nope'), ctx())).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/does not exist/),
    });
    expect(validateWorkspaceRoot(path.join(t.ws, 'README.md'), ctx())).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not a directory/),
    });
  });

  it('refuses the filesystem root and device trees', () => {
    expect(validateWorkspaceRoot('/', ctx())).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/filesystem root/),
    });
    expect(validateWorkspaceRoot('/proc', ctx()).ok).toBe(false);
  });

  it.each([
    ['', /the data directory itself/],
    ['logs', /its logs/],
    ['files', /its files/],
    ['credentials', /its credentials/],
    ['developer/logs', /process logs/],
    ['repositories', /every connected repository/],
    ['worktrees', /its worktrees area/],
  ])("refuses Paddock's own state <data>/%s naming the area", (sub, area) => {
    const d = validateWorkspaceRoot(path.join(t.dataDir, sub), ctx());
    expect(d.ok).toBe(false);
    if (!d.ok) {
      expect(d.reason).toMatch(/Paddock's own state/);
      expect(d.reason).toMatch(area);
    }
  });

  it("accepts a task's worktree <data>/worktrees/<task>, and a folder below it", () => {
    const task = path.join(t.dataDir, 'worktrees', 'fix-login');
    fs.mkdirSync(path.join(task, 'src'), { recursive: true });
    expect(validateWorkspaceRoot(task, ctx())).toEqual({ ok: true, path: task });
    expect(validateWorkspaceRoot(path.join(task, 'src'), ctx()).ok).toBe(true);
  });

  it('refuses the state through a link to it, and a deny-listed place', () => {
    expect(validateWorkspaceRoot(path.join(t.top, 'logs-link'), ctx())).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/its logs/),
    });
    expect(validateWorkspaceRoot(path.join(t.top, '.ssh'), ctx())).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/~\/\.ssh/),
    });
  });
});

describe('isAlwaysCardPath', () => {
  it.each([
    '.gitmodules',
    'sub/.GITATTRIBUTES',
    '.vscode/settings.json',
    'a/.idea/workspace.xml',
    '.devcontainer/devcontainer.json',
    '.github/workflows/ci.yml',
    '.claude/settings.json',
    '.cursor/mcp.json',
    '.codex/config.toml',
    '.gemini/settings.json',
    '.mcp.json',
    'pkg/.envrc',
    '.npmrc',
    '.yarnrc',
    '.yarnrc.yml',
    'bunfig.toml',
    '.pre-commit-config.yaml',
    // husky (core.hooksPath) runs these on the owner's next commit, outside the sandbox.
    '.husky/pre-commit',
    'packages/app/.husky/pre-push',
    '.husky',
    'team.code-workspace',
    './.VSCode/tasks.json',
  ])('%s is always a card', (p) => {
    expect(isAlwaysCardPath(p)).toMatch(/always a card/);
  });
  it.each(['src/index.ts', 'README.md', '.github/CODEOWNERS', 'docs/vscode.md', '.gitignore'])('%s is not', (p) => {
    expect(isAlwaysCardPath(p)).toBeNull();
  });
});
