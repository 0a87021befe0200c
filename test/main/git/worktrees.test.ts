// A linked worktree is a repository the git tool accepts (tasks run in one): its `.git` is a file
// naming `<main>/.git/worktrees/<name>`, which names the main `.git` and this worktree back. Status,
// diff and commit work in it, outside the sandbox and inside the reader sandbox, and a commit lands
// on the worktree's branch without touching the main work tree. Every other `.git` file is still
// refused: one pointing at another repository, at another work tree's worktree entry, relatively,
// or through a link; and a link inside the main `.git` is refused from the worktree too.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitTool } from '../../../src/main/tools/git';
import { readWorktreeLink } from '../../../src/main/git/worktreeLink';
import { sandboxStatus, testSandbox } from '../../support/sandbox';
import { makeFixture, removeFixture, type GitFixture } from './fixture';

let fx: GitFixture;
let worktree: string;

beforeEach(() => {
  fx = makeFixture();
  // Where tasks' worktrees live: the data directory's worktrees/, the one place under it besides repositories/ a workspace may be.
  worktree = path.join(fx.dataDir, 'worktrees', 'fix-login');
  fx.setup(['worktree', 'add', '--quiet', '-b', 'paddock/fix-login', worktree, 'main']);
});
afterEach(() => removeFixture(fx));

const sandboxed = sandboxStatus().available;
const tools = () =>
  [
    ['outside the sandbox', createGitTool()],
    ...(sandboxed
      ? [
          [
            'in the reader sandbox',
            createGitTool({ sandbox: testSandbox({ home: fx.home, dataDir: fx.dataDir }) }),
          ] as const,
        ]
      : []),
  ] as const;

async function run(
  tool: ReturnType<typeof createGitTool>,
  args: Parameters<ReturnType<typeof createGitTool>['run']>[0],
  directory = worktree,
) {
  return tool.run(args, fx.ctx('run', directory));
}

describe('a linked worktree', () => {
  it('names its main repository both ways', () => {
    const link = readWorktreeLink(worktree);
    expect(link).toEqual({
      ok: true,
      dirs: {
        gitDir: path.join(fx.ws, '.git', 'worktrees', 'fix-login'),
        commonDir: path.join(fx.ws, '.git'),
        mainRoot: fx.ws,
      },
    });
  });

  for (const [where, make] of [
    ['outside the sandbox', false],
    ['in the reader sandbox', true],
  ] as const) {
    it.skipIf(make && !sandboxed)(`status, diff and commit work in it ${where}, on its own branch`, async () => {
      const tool = tools().find(([name]) => name === where)?.[1] as ReturnType<typeof createGitTool>;
      fs.writeFileSync(path.join(worktree, 'src', 'a.txt'), 'one\ntwo\nthree\n');
      const status = await run(tool, { action: 'status' });
      expect(status.ok, JSON.stringify(status)).toBe(true);
      if (!status.ok) return;
      expect(status.text).toContain('paddock/fix-login');
      expect(status.text).toContain('src/a.txt');
      const diff = await run(tool, { action: 'diff' });
      expect(diff.ok && diff.text).toContain('+three');
      const commit = await run(tool, { action: 'commit', message: 'count to three', paths: ['src/a.txt'] });
      expect(commit.ok, JSON.stringify(commit)).toBe(true);
      // The commit is on the worktree's branch in the main repository; main and its work tree are as they were.
      expect(fx.setup(['log', '--format=%s', 'paddock/fix-login', '-1']).trim()).toBe('count to three');
      expect(fx.setup(['log', '--format=%s', 'main', '-1']).trim()).toBe('first');
      expect(fs.readFileSync(path.join(fx.ws, 'src', 'a.txt'), 'utf8')).toBe('one\ntwo\n');
      expect(fx.setup(['status', '--porcelain'])).toBe('');
    });
  }

  const refusals: Array<[string, () => void, RegExp]> = [
    [
      'another repository’s .git',
      () => fs.writeFileSync(path.join(worktree, '.git'), `gitdir: ${path.join(other(), '.git')}\n`),
      /is not a repository's \.git\/worktrees\/<name>/,
    ],
    [
      'another work tree’s worktree entry',
      () => {
        const second = path.join(fx.dataDir, 'worktrees', 'second');
        fx.setup(['worktree', 'add', '--quiet', '-b', 'paddock/second', second, 'main']);
        fs.writeFileSync(path.join(worktree, '.git'), `gitdir: ${path.join(fx.ws, '.git', 'worktrees', 'second')}\n`);
      },
      /belongs to another work tree, not this workspace/,
    ],
    [
      'a relative path',
      () => fs.writeFileSync(path.join(worktree, '.git'), 'gitdir: ../../ws/.git/worktrees/fix-login\n'),
      /is not a plain absolute path/,
    ],
    [
      'a path through a link',
      () => {
        fs.symlinkSync(path.join(fx.ws, '.git'), path.join(fx.root, 'linked-git'));
        fs.writeFileSync(
          path.join(worktree, '.git'),
          `gitdir: ${path.join(fx.root, 'linked-git', 'worktrees', 'fix-login')}\n`,
        );
      },
      /is not a repository's \.git\/worktrees|goes through a link/,
    ],
    [
      'a .git file that is a link',
      () => {
        const real = path.join(fx.root, 'pointer');
        fs.copyFileSync(path.join(worktree, '.git'), real);
        fs.rmSync(path.join(worktree, '.git'));
        fs.symlinkSync(real, path.join(worktree, '.git'));
      },
      /link, not a directory|not a small plain file/,
    ],
    [
      'a link inside the main .git',
      () => {
        fs.rmSync(path.join(fx.ws, '.git', 'info'), { recursive: true, force: true });
        fs.symlinkSync(path.join(other(), '.git', 'info'), path.join(fx.ws, '.git', 'info'));
      },
      /\.git\/info is a link/,
    ],
  ];
  for (const [what, plant, reason] of refusals) {
    it(`refuses a worktree whose .git leads to ${what}`, async () => {
      plant();
      for (const [, tool] of tools()) {
        for (const args of [{ action: 'status' as const }, { action: 'log' as const }]) {
          const result = await run(tool, args);
          expect(result.ok).toBe(false);
          if (!result.ok) {
            expect(result.error).toMatch(reason);
            expect(result.error).not.toContain('OTHER-SECRET');
          }
        }
      }
    });
  }
});

/** Another repository of the owner's, with a secret in its history. */
function other(): string {
  const dir = path.join(fx.home, 'other');
  if (fs.existsSync(dir)) return dir;
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, 'secret.txt'), 'OTHER-SECRET\n');
  fx.setup(['init', '--quiet', '--initial-branch=main'], dir);
  fx.setup(['add', '-A'], dir);
  fx.setup(['commit', '--quiet', '-m', 'OTHER-SECRET commit'], dir);
  return dir;
}
