// Paddock's own readers against a real racing process (the agent's, in effect): a directory `d` of the
// workspace swapped with a link to the owner's `~/.ssh` as fast as the kernel allows. ripgrep, the
// git tool and the checkpoints' git walk the workspace by path, so outside the sandbox they meet the
// link and read the planted key; inside the reader sandbox `~/.ssh` does not exist. The loops are
// bounded in attempts and time, and nothing here asserts a duration.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchTool, findRipgrep } from '../../../src/main/tools/search';
import { createGitTool } from '../../../src/main/tools/git';
import { openShadowRepo } from '../../../src/main/checkpoints/shadowGit';
import { takeSnapshot } from '../../../src/main/checkpoints/snapshot';
import { planRestore, type RevertedSpan } from '../../../src/main/checkpoints/plan';
import { applyPlan } from '../../../src/main/checkpoints/apply';
import { readBlobs } from '../../../src/main/checkpoints/trees';
import { pathContextFor } from '../../../src/main/workspace/types';
import { sandboxStatus, testSandbox } from '../../support/sandbox';
import { createTempDirs } from '../../support/tempDirs';
import { repeatWhileRacing, startLinkSwapper, type LinkSwapper } from '../../support/linkSwapper';
import { toolContext } from '../processes/helpers';
import type { Sandbox } from '../../../src/main/sandbox/sandbox';

const status = sandboxStatus();
const temp = createTempDirs('paddock-readers-');
const MARKER = 'PLANTED-OWNER-KEY-7f3a9c';
const GIT = '/usr/bin/git';
const ATTEMPTS = 150;
const WINDOW_MS = 25_000;

let home = '';
let dataDir = '';
let sandbox: Sandbox;

function workspaceWithD(): string {
  const ws = path.join(temp.make(), 'project');
  fs.mkdirSync(path.join(ws, 'd'), { recursive: true });
  // Several innocent files of the key's own name: each is one more moment a walk can meet the link.
  fs.writeFileSync(path.join(ws, 'd', 'id_ed25519'), 'innocent file of the project\n');
  for (let i = 0; i < 20; i++) fs.writeFileSync(path.join(ws, 'd', `id_ed25519.${i}`), `innocent ${i}\n`);
  return ws;
}

/** Changes the innocent file through the directory itself (held open), never through whatever `d` names now. */
function editInnocent(dirFd: number, i: number): void {
  fs.writeFileSync(`/proc/self/fd/${dirFd}/id_ed25519`, `innocent, edit ${i}\n`);
}

/** Files below `dir` (links not followed) whose content holds `text`. */
function filesHolding(dir: string, text: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesHolding(full, text));
    else if (entry.isFile() && fs.readFileSync(full, 'utf8').includes(text)) found.push(full);
  }
  return found;
}

beforeAll(() => {
  home = temp.make();
  dataDir = temp.make();
  fs.mkdirSync(path.join(home, '.ssh'), { mode: 0o700 });
  fs.writeFileSync(path.join(home, '.ssh', 'id_ed25519'), `-----BEGIN OPENSSH PRIVATE KEY-----\n${MARKER}\n`, {
    mode: 0o600,
  });
  for (let i = 0; i < 20; i++)
    fs.writeFileSync(path.join(home, '.ssh', `id_ed25519.${i}`), `${MARKER} ${i}\n`, { mode: 0o600 });
  if (status.available) sandbox = testSandbox({ home, dataDir });
});

afterAll(() => temp.cleanup());

describe.skipIf(!status.available || !findRipgrep())(
  "Paddock's readers while a process swaps a directory for a link to ~/.ssh",
  () => {
    let swapper: LinkSwapper | null = null;
    afterAll(async () => {
      await swapper?.stop();
    });

    it('search never returns a line of the planted key', async () => {
      const ws = workspaceWithD();
      const search = createSearchTool({ sandbox });
      const ctx = toolContext({ workspace: ws, home, dataDir });
      // Before the race: the innocent files are found (so a search that finds nothing proves nothing).
      const plain = await search.run({ query: 'innocent' }, ctx);
      expect(plain.ok && plain.text).toContain('d/id_ed25519');
      swapper = await startLinkSwapper(ws, 'd', path.join(home, '.ssh'));
      const leaked: string[] = [];
      await repeatWhileRacing(ATTEMPTS, WINDOW_MS, async () => {
        const result = await search.run({ query: MARKER }, ctx);
        // The first line repeats the query; the lines after it are what was found.
        if (
          result.ok &&
          result.text
            .split('\n')
            .slice(1)
            .some((line) => line.includes(MARKER))
        )
          leaked.push(result.text);
        return leaked.length > 0;
      });
      await swapper.stop();
      swapper = null;
      expect(leaked.slice(0, 1)).toEqual([]);
    }, 60_000);

    it("the git tool's add and commit of d never store the planted key", async () => {
      const ws = workspaceWithD();
      execFileSync(GIT, ['init', '-q', ws]);
      const git = createGitTool({ sandbox });
      const ctx = toolContext({ workspace: ws, home, dataDir });
      if (ctx.workspace) ctx.workspace.gitBinary = GIT;
      const first = await git.run({ action: 'commit', paths: ['d'], message: 'the project' }, ctx);
      expect(first.ok).toBe(true);
      const held = fs.openSync(path.join(ws, 'd'), fs.constants.O_RDONLY | fs.constants.O_DIRECTORY);
      swapper = await startLinkSwapper(ws, 'd', path.join(home, '.ssh'));
      const objects = (): string =>
        execFileSync(GIT, ['cat-file', '--batch-all-objects', '--batch'], {
          cwd: ws,
          maxBuffer: 64 * 1024 * 1024,
        }).toString('utf8');
      await repeatWhileRacing(ATTEMPTS, WINDOW_MS, async (i) => {
        // The innocent file changes every time, so every commit has something to store.
        editInnocent(held, i);
        await git.run({ action: 'commit', paths: ['d'], message: `edit ${i}` }, ctx);
        return i % 10 === 9 && objects().includes(MARKER);
      });
      await swapper.stop();
      swapper = null;
      fs.closeSync(held);
      expect(objects()).not.toContain(MARKER);
      const log = execFileSync(GIT, ['log', '--oneline'], { cwd: ws }).toString('utf8');
      expect(log).toContain('the project');
    }, 60_000);

    it("a commit while .git itself is swapped for a link to another repository of the owner's never writes there", async () => {
      const ws = workspaceWithD();
      execFileSync(GIT, ['init', '-q', ws]);
      const other = path.join(home, 'other-project');
      fs.mkdirSync(other, { recursive: true });
      fs.writeFileSync(path.join(other, 'README'), "the owner's other work\n");
      const ownerGit = (...args: string[]): string =>
        execFileSync(GIT, ['-c', 'user.name=o', '-c', 'user.email=o@example.com', ...args], {
          cwd: other,
          env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' },
        }).toString('utf8');
      ownerGit('init', '-q');
      ownerGit('add', 'README');
      ownerGit('commit', '-q', '-m', "the owner's commit");
      const otherState = (): string =>
        ownerGit('for-each-ref') +
        ownerGit('count-objects', '-v') +
        fs.readdirSync(path.join(other, '.git')).sort().join(',');
      const before = otherState();
      const git = createGitTool({ sandbox });
      const ctx = toolContext({ workspace: ws, home, dataDir });
      if (ctx.workspace) ctx.workspace.gitBinary = GIT;
      expect((await git.run({ action: 'commit', paths: ['d'], message: 'the project' }, ctx)).ok).toBe(true);
      swapper = await startLinkSwapper(ws, '.git', path.join(other, '.git'));
      const held = fs.openSync(path.join(ws, 'd'), fs.constants.O_RDONLY | fs.constants.O_DIRECTORY);
      await repeatWhileRacing(ATTEMPTS, WINDOW_MS, async (i) => {
        editInnocent(held, i);
        await git.run({ action: 'commit', paths: ['d'], message: `edit ${i}` }, ctx);
        return otherState() !== before;
      });
      await swapper.stop();
      swapper = null;
      fs.closeSync(held);
      expect(otherState()).toBe(before);
    }, 60_000);

    it('a checkpoint snapshot never stores the planted key in the shadow repository', async () => {
      const ws = workspaceWithD();
      const repo = await openShadowRepo({ gitBinary: GIT, dataDir, home, workspace: ws, sandbox });
      const options = { includeIgnored: false, maxFileBytes: 1024 * 1024, previousOversize: [] };
      const first = await takeSnapshot(repo, options);
      expect((await repo.git(['ls-tree', '-r', '--name-only', first.tree])).toString('utf8')).toContain('d/id_ed25519');
      const held = fs.openSync(path.join(ws, 'd'), fs.constants.O_RDONLY | fs.constants.O_DIRECTORY);
      swapper = await startLinkSwapper(ws, 'd', path.join(home, '.ssh'));
      const objects = (): string =>
        execFileSync(GIT, ['cat-file', '--batch-all-objects', '--batch'], {
          env: { ...process.env, GIT_DIR: repo.gitDir },
          maxBuffer: 64 * 1024 * 1024,
        }).toString('utf8');
      const trees = new Set<string>();
      await repeatWhileRacing(ATTEMPTS, WINDOW_MS, async (i) => {
        editInnocent(held, i);
        const taken = await takeSnapshot(repo, options).catch(() => null);
        if (taken) trees.add(taken.tree);
        return i % 10 === 9 && objects().includes(MARKER);
      });
      await swapper.stop();
      swapper = null;
      fs.closeSync(held);
      expect(objects()).not.toContain(MARKER);
      // An undo back to any of those snapshots writes only what they hold: never the key.
      const ctx = pathContextFor({ directory: ws }, { home, dataDir });
      for (const tree of [...trees].slice(0, 10)) {
        const now = await takeSnapshot(repo, options);
        const span: RevertedSpan = {
          id: 1,
          beforeTree: tree,
          afterTree: now.tree,
          beforeOversize: [],
          afterOversize: [],
        };
        const plan = await planRestore(repo, [span]);
        const blobs = await readBlobs(
          repo,
          plan.files.flatMap((file) => (file.target ? [file.target.oid] : [])),
        );
        applyPlan(ctx, plan.files, blobs);
        expect(filesHolding(ws, MARKER)).toEqual([]);
      }
    }, 120_000);

    it('Undo while the swapper runs is refused with a sentence that says so and what to do', async () => {
      const ws = workspaceWithD();
      const repo = await openShadowRepo({ gitBinary: GIT, dataDir, home, workspace: ws, sandbox });
      const options = { includeIgnored: false, maxFileBytes: 1024 * 1024, previousOversize: [] };
      // A turn that replaced the directory d with a link: its undo must read d (a link, then a directory).
      const before = await takeSnapshot(repo, options);
      fs.renameSync(path.join(ws, 'd'), path.join(temp.make(), 'd.real'));
      await takeSnapshot(repo, options);
      fs.symlinkSync(path.join(home, '.ssh'), path.join(ws, 'd'));
      const after = await takeSnapshot(repo, options);
      fs.unlinkSync(path.join(ws, 'd'));
      fs.mkdirSync(path.join(ws, 'd'));
      fs.writeFileSync(path.join(ws, 'd', 'id_ed25519'), 'innocent file of the project\n');
      const span: RevertedSpan = {
        id: 1,
        beforeTree: before.tree,
        afterTree: after.tree,
        beforeOversize: [],
        afterOversize: [],
      };
      swapper = await startLinkSwapper(ws, 'd', path.join(home, '.ssh'));
      const refusals: string[] = [];
      await repeatWhileRacing(400, WINDOW_MS, async () => {
        try {
          await planRestore(repo, [span]);
        } catch (error) {
          refusals.push((error as Error).message);
        }
        return refusals.length >= 3;
      });
      await swapper.stop();
      swapper = null;
      for (const refusal of refusals) {
        expect(refusal).not.toMatch(/EINVAL|readlink/);
        expect(refusal).toMatch(/a process is swapping .*links? in the workspace/);
        expect(refusal).toMatch(/stop (that|the) process.*then undo again/i);
      }
    }, 60_000);
  },
);
