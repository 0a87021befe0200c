// A secrets file git does not track yet, and not ignored (an .npmrc with a token left beside the
// project), staged or stashed by an earlier command on the same line (`git add -A`, `git stash -u`)
// and then printed by git (`git diff --cached`, `git show`): the index read at decision time does
// not hold it yet, so the printing command is judged as if every such file may be held. Each
// harmful row is also run for real, to see that git prints the secret.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretInHistory } from '../../../../src/main/git/historySecrets';
import { decideContained } from '../../../../src/main/policy/contained';
import { loadShellGrammar } from '../../../../src/main/policy/shellGrammar';
import type { PathContext } from '../../../../src/main/workspace/types';

let root: string;

const git = (cwd: string, ...args: string[]): void => {
  execFileSync('git', ['-C', cwd, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { stdio: 'ignore' });
};

/** A repository of its own at `dir` committing `files`; `dropped` are then removed in a second commit (their text only in its history). */
function committedRepository(dir: string, files: Record<string, string>, dropped: readonly string[] = []): void {
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), content);
  }
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'files');
  if (dropped.length === 0) return;
  git(dir, 'rm', '-q', ...dropped);
  git(dir, 'commit', '-qm', 'dropped');
}

/** A fresh repository: src/a.ts committed and changed, `.env` ignored, and, when `npmrc`, an untracked .npmrc. */
function repository(name: string, npmrc: boolean): PathContext {
  const ws = path.join(root, name);
  const files: Record<string, string> = {
    '.gitignore': '.env\n',
    '.env': 'API_KEY=MARKER_STAGED\n',
    'src/a.ts': 'export const a = 1;\n',
  };
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    fs.writeFileSync(path.join(ws, rel), content);
  }
  git(ws, 'init', '-q');
  git(ws, 'add', '.gitignore', 'src');
  git(ws, 'commit', '-qm', 'x');
  fs.writeFileSync(path.join(ws, 'src/a.ts'), 'export const a = 2;\n');
  if (npmrc) fs.writeFileSync(path.join(ws, '.npmrc'), '//registry.npmjs.org/:_authToken=MARKER_STAGED\n');
  const home = path.join(root, `${name}-home`);
  fs.mkdirSync(home, { recursive: true });
  return { workspace: ws, home, dataDir: path.join(root, 'data') };
}

beforeAll(async () => {
  await loadShellGrammar();
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-stages-')));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const decide = (paths: PathContext, command: string) =>
  decideContained(command, {
    paths,
    allowedDomains: [],
    historySecret: () => secretInHistory(paths.workspace),
  });

/** The command run for real in its workspace, as the sandbox's sh runs it: what it printed. */
function printed(paths: PathContext, command: string): string {
  const run = spawnSync('/bin/sh', ['-c', command], {
    cwd: paths.workspace,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      HOME: paths.home,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@t',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@t',
      GIT_PAGER: 'cat',
    },
  });
  return run.stdout + run.stderr;
}

const STAGES_THEN_PRINTS = [
  'git add -A && git diff --cached',
  'git add . && git diff --staged',
  'git add -A; git diff --cached -- .npmrc',
  'git add .npmrc && git diff --cached',
  'git add . && git commit -qm x && git show',
  'git add -A && git commit -qm x && git diff HEAD~1 HEAD',
  'git stash -u && git show stash@{0}^3',
  'git stash --include-untracked && git show stash@{0}^3',
  'git add -A && git status && git diff --cached',
  "sh -c 'git add -A && git diff --cached'",
  'git add -A && git grep -n MARKER',
  'git grep --untracked -n MARKER',
  // git's own options before the subcommand, and its long options by a prefix (found by a review).
  'git --namespace stash grep --untr MARKER',
  'git add -A && git status -v',
  'git add -A && git commit --dry-run -v',
  'git add -N . && git status -vv',
];

describe('a secrets file staged by the line, then printed by git', () => {
  it.each(STAGES_THEN_PRINTS)('%s is a shows-secret card naming .npmrc, and prints it when run', (command) => {
    const paths = repository(`r${STAGES_THEN_PRINTS.indexOf(command)}`, true);
    const decision = decideContained(command, { paths, allowedDomains: [] });
    expect(decision).toMatchObject({ tier: 'gated', code: 'shows-secret' });
    expect(decision.reason).toContain('.npmrc');
    // Judged with the history read too, as the run tool decides.
    expect(decide(paths, command)).toMatchObject({ tier: 'gated', code: 'shows-secret' });
    expect(printed(paths, command)).toContain('MARKER_STAGED');
  });

  it.each([
    // Nothing on the line stages first: the index holds no secrets file, and git prints none.
    ['git diff --cached', true],
    ['git diff', true],
    ['git status && git diff --cached', true],
    ['git status && git log -1 && git diff', true],
    // git grep searches what the index tracks: the untracked .npmrc is not searched.
    ['git grep -n MARKER', true],
    ["git grep -n export -- '*.ts'", true],
    // No untracked secrets file to stage (.env is ignored, and git add without -f leaves it).
    ['git add -A && git diff --cached', false],
    ['git add . && git commit -qm x && git show', false],
    ['git stash -u && git stash show -p', false],
  ])('%s runs without a card (an untracked .npmrc: %s), and prints no secret', (command, npmrc) => {
    const paths = repository(`ok-${command.replace(/\W+/g, '-')}-${npmrc}`, npmrc);
    expect(decide(paths, command), decide(paths, command).reason).toMatchObject({ tier: 'auto', code: 'contained' });
    expect(printed(paths, command)).not.toContain('MARKER_STAGED');
  });

  it.each([
    'git add --fo . && git diff --cached',
    'git add --forc . && git commit -qm x && git show',
    'git --namespace stash grep --no-inde MARKER',
  ])('%s, where the only secret is the ignored .env, is a shows-secret card, and prints it when run', (command) => {
    const paths = repository(`ignored-${command.replace(/\W+/g, '-')}`, false);
    expect(decide(paths, command)).toMatchObject({ tier: 'gated', code: 'shows-secret' });
    expect(printed(paths, command)).toContain('MARKER_STAGED');
  });

  it('in a linked worktree (its .git a file), a tracked .env is among what git grep searches', () => {
    const paths = repository('linked', false);
    git(paths.workspace, 'add', '-f', '.env');
    git(paths.workspace, 'commit', '-qm', 'env');
    const worktree = path.join(root, 'linked-worktree');
    git(paths.workspace, 'worktree', 'add', '-q', worktree);
    const there = { ...paths, workspace: worktree };
    expect(fs.lstatSync(path.join(worktree, '.git')).isFile()).toBe(true);
    expect(decide(there, 'git grep -n MARKER')).toMatchObject({ tier: 'gated', code: 'shows-secret' });
    expect(printed(there, 'git grep -n MARKER')).toContain('MARKER_STAGED');
  });

  describe('a repository nested in an ignored folder, reached through git -C', () => {
    /** vendor/ is ignored by the workspace; vendor/x is a repository of its own that commits a key. */
    function nestedRepository(name: string): PathContext {
      const paths = repository(name, false);
      fs.appendFileSync(path.join(paths.workspace, '.gitignore'), 'vendor/\n');
      committedRepository(path.join(paths.workspace, 'vendor', 'x'), {
        'credentials.json': '{"key": "MARKER_STAGED"}\n',
      });
      return paths;
    }

    it.each([
      'git -C vendor/x grep -n MARKER',
      'git -C vendor/x log -p',
      'git -C vendor/x show',
      'git -C vendor -C x show',
      'git --git-dir=vendor/x/.git log -p',
    ])('%s is a shows-secret card, and prints the key when run', (command) => {
      const paths = nestedRepository(`nested-${command.replace(/\W+/g, '-')}`);
      expect(decide(paths, command)).toMatchObject({ tier: 'gated', code: 'shows-secret' });
      expect(printed(paths, command)).toContain('MARKER_STAGED');
    });

    /** Beside vendor/x: vendor/y, whose history holds a key its tree dropped; a bare clone; links in. */
    function moreRepositories(name: string): PathContext {
      const paths = nestedRepository(name);
      const ws = paths.workspace;
      committedRepository(path.join(ws, 'vendor', 'y'), { '.npmrc': 'token=MARKER_STAGED\n' }, ['.npmrc']);
      git(ws, 'clone', '-q', '--bare', path.join(ws, 'vendor', 'x'), path.join(ws, 'vendor', 'z.git'));
      fs.mkdirSync(path.join(ws, 'vendor', 'x', 'sub'));
      fs.writeFileSync(path.join(ws, 'vendor', 'x', 'sub', 'readme'), 'r\n');
      fs.symlinkSync('vendor/x/sub', path.join(ws, 'lsub'));
      fs.mkdirSync(path.join(ws, 'src', 'a', 'b'), { recursive: true });
      fs.symlinkSync('../vendor', path.join(ws, 'src', 'l'));
      committedRepository(path.join(root, `${name}-outrepo`), { 'f.txt': 'MARKER_STAGED outside\n' });
      return paths;
    }

    it.each([
      ['git -C vendor/y log -p', ''],
      ['git log -p', 'vendor/y'],
      ['git -C vendor/y show HEAD~1', ''],
      ['git -C vendor/y grep MARKER HEAD~1', ''],
      ['git -C vendor/z.git log -p', ''],
      ['git -C vendor/y/.git log -p', ''],
      ['git -C lsub log -p', ''],
      ['git -C vendor grep --no-index MARKER -- x', ''],
      ['git -C vendor/x log -pU3', ''],
    ])('%s (from %s) is a card, and prints the key when run (found by a review)', (command, cwd) => {
      const paths = moreRepositories(`more-${command.replace(/\W+/g, '-')}-${cwd.replace(/\W+/g, '-')}`);
      const decision = decideContained(command, {
        paths,
        cwd: cwd || undefined,
        allowedDomains: [],
        historySecret: () => secretInHistory(paths.workspace),
      });
      expect(decision.tier).toBe('gated');
      expect(printed({ ...paths, workspace: path.join(paths.workspace, cwd) }, command)).toContain('MARKER_STAGED');
    });

    it('--git-dir naming a repository whose history alone holds a key (no secrets file on disk) is a card', () => {
      const ws = path.join(root, 'git-dir-history');
      committedRepository(ws, { 'README.md': '# r\n' });
      committedRepository(path.join(ws, 'vendor', 'y'), { '.npmrc': 'token=MARKER_STAGED\n' }, ['.npmrc']);
      fs.mkdirSync(path.join(root, 'git-dir-history-home'));
      const paths = { workspace: ws, home: path.join(root, 'git-dir-history-home'), dataDir: path.join(root, 'data') };
      const command = 'git --git-dir=vendor/y/.git log -p';
      expect(decide(paths, command)).toMatchObject({ tier: 'gated', code: 'shows-secret' });
      expect(printed(paths, command)).toContain('MARKER_STAGED');
    });

    it('a link and two -C options that land outside the workspace are a card', () => {
      const paths = moreRepositories('more-outside');
      const command = `git -C ../../l -C ../../${path.basename(root)}/more-outside-outrepo log -p`;
      const decision = decideContained(command, { paths, cwd: 'src/a/b', allowedDomains: [] });
      expect(decision.tier).toBe('gated');
    });

    it.each(['git -C src log --oneline', 'git -C src grep -n export', 'git log -p'])(
      '%s runs without a card, and prints no key',
      (command) => {
        const paths = nestedRepository(`nested-ok-${command.replace(/\W+/g, '-')}`);
        expect(decide(paths, command)).toMatchObject({ tier: 'auto', code: 'contained' });
        expect(printed(paths, command)).not.toContain('MARKER_STAGED');
      },
    );
  });
});

describe("git's --check, which prints each line it flags (found by the third review)", () => {
  /** A repository whose history added, then removed, a secrets file with a trailing blank on its line. */
  function checkedRepository(name: string): PathContext {
    const ws = path.join(root, name);
    committedRepository(ws, { 'README.md': '# r\n', 'config/.env.staging': 'KEY=MARKER_STAGED \n' }, [
      'config/.env.staging',
    ]);
    fs.writeFileSync(path.join(ws, 'README.md'), '# r \n');
    fs.mkdirSync(path.join(root, `${name}-home`));
    return { workspace: ws, home: path.join(root, `${name}-home`), dataDir: path.join(root, 'data') };
  }

  it.each([
    'git log --check',
    'git show --check HEAD~1',
    'git diff --check HEAD HEAD~1',
    'git diff-tree --check -r --root HEAD~1',
    'git whatchanged --check',
  ])('%s is a card, and prints the key when run', (command) => {
    const paths = checkedRepository(`check-${command.replace(/\W+/g, '-')}`);
    expect(decide(paths, command).tier).toBe('gated');
    expect(printed(paths, command)).toContain('MARKER_STAGED');
  });

  it('git diff --check of the working tree, where no secrets file is tracked, runs without a card', () => {
    const paths = checkedRepository('check-worktree');
    expect(decide(paths, 'git diff --check')).toMatchObject({ tier: 'auto', code: 'contained' });
    expect(printed(paths, 'git diff --check')).toContain('README.md');
  });
});
