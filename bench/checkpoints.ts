// npm run bench:checkpoints [-- --files N] [-- --ignored N] [-- --runs N]: checkpoints (issue 20) on a
// generated workspace of 10,000 files plus an ignored node_modules of 50,000. Measures the first
// snapshot, an incremental snapshot after 10 changed files, and a restore of 10 files, each against
// plain git doing the same job on the same tree in a repository of its own (the anchor):
// `git add -A && git write-tree` for snapshots, `git checkout <tree> -- <paths>` for a restore. Ours and
// the anchor alternate run by run, so a busy machine slows both alike. Prints medians, the ratio and
// the goal (first < 3 s, increment < 200 ms, restore of 10 files < 500 ms); nothing is asserted.
// The shadow repository's git runs in the reader sandbox as in Paddock when bubblewrap is available;
// PADDOCK_SANDBOX=off measures it outside.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { applyPlan } from '../src/main/checkpoints/apply';
import { planRestore } from '../src/main/checkpoints/plan';
import { openShadowRepo } from '../src/main/checkpoints/shadowGit';
import { keepTree, takeSnapshot, takeSnapshotOfPaths } from '../src/main/checkpoints/snapshot';
import { readBlobs } from '../src/main/checkpoints/trees';
import { findGitBinary } from '../src/main/processes/shellPath';
import { detectSandbox } from '../src/main/sandbox/engine';
import { createSandbox, type Sandbox } from '../src/main/sandbox/sandbox';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}
const FILES = option('--files', 10_000);
const IGNORED = option('--ignored', 50_000);
const RUNS = option('--runs', 5);
const PER_DIR = 100;
const CAP = 10 * 1024 * 1024;

const gitBinary = findGitBinary(process.env.PATH ?? '/usr/bin:/bin');
if (!gitBinary) throw new Error('bench:checkpoints needs git on PATH');

function generate(root: string): string[] {
  fs.writeFileSync(path.join(root, '.gitignore'), 'node_modules/\n');
  const files: string[] = [];
  for (let i = 0; i < FILES; i++) {
    const dir = path.join(`src${Math.floor(i / (PER_DIR * 10))}`, `mod${Math.floor(i / PER_DIR)}`);
    if (i % PER_DIR === 0) fs.mkdirSync(path.join(root, dir), { recursive: true });
    const rel = path.join(dir, `f${i}.ts`);
    fs.writeFileSync(path.join(root, rel), `export const v${i} = ${i};\n// ${'x'.repeat(i % 400)}\n`);
    files.push(rel);
  }
  for (let i = 0; i < IGNORED; i++) {
    const dir = path.join('node_modules', `dep${Math.floor(i / PER_DIR)}`);
    if (i % PER_DIR === 0) fs.mkdirSync(path.join(root, dir), { recursive: true });
    fs.writeFileSync(path.join(root, dir, `m${i}.js`), `module.exports = ${i};\n`);
  }
  return files;
}

/** Plain git on the same work tree with a repository of its own. */
function anchorGit(gitDir: string, workspace: string, args: string[]): string {
  const result = spawnSync(gitBinary as string, args, {
    env: {
      PATH: path.dirname(gitBinary as string),
      GIT_DIR: gitDir,
      GIT_WORK_TREE: workspace,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
      HOME: os.tmpdir(),
    },
    cwd: workspace,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`anchor git ${args[0]} failed: ${result.stderr}`);
  return result.stdout.trim();
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function report(name: string, ours: number[], anchor: number[], goalMs: number, anchorName: string): void {
  const a = median(ours);
  const b = median(anchor);
  const verdict = a < goalMs ? 'met' : 'NOT met';
  console.log(
    `${name.padEnd(26)} ours ${a.toFixed(1).padStart(8)} ms   ${anchorName} ${b.toFixed(1).padStart(8)} ms   ratio ${(a / b).toFixed(2)}×   goal < ${goalMs} ms: ${verdict}`,
  );
}

function touch(workspace: string, files: string[], round: number): string[] {
  const chosen = Array.from({ length: 10 }, (_, i) => files[(round * 997 + i * 1_009) % files.length]!);
  for (const rel of chosen) fs.appendFileSync(path.join(workspace, rel), `// change ${round}\n`);
  return chosen;
}

async function main(): Promise<void> {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-bench-cp-')));
  try {
    const workspace = path.join(root, 'ws');
    fs.mkdirSync(workspace);
    console.log(`generating ${FILES} files and an ignored node_modules of ${IGNORED} …`);
    const files = generate(workspace);
    const options = { includeIgnored: false, maxFileBytes: CAP, previousOversize: [] };
    const status = detectSandbox({ disabledBy: process.env.PADDOCK_SANDBOX === 'off' ? 'PADDOCK_SANDBOX=off' : null });
    fs.mkdirSync(path.join(root, 'home'), { recursive: true });
    const sandboxFor = (dataDir: string): Sandbox => createSandbox({ status, home: path.join(root, 'home'), dataDir });
    console.log(`the checkpoints' git runs ${status.available ? 'in the reader sandbox' : 'outside any sandbox'}`);

    // First snapshot: a new shadow repository each run, against a new anchor repository each run.
    const first: number[] = [];
    const firstAnchor: number[] = [];
    for (let run = 0; run < Math.max(3, Math.ceil(RUNS / 2)); run++) {
      const dataDir = path.join(root, `data-${run}`);
      let start = performance.now();
      const repo = await openShadowRepo({
        gitBinary: gitBinary as string,
        dataDir,
        home: path.join(root, 'home'),
        workspace,
        sandbox: sandboxFor(dataDir),
      });
      await takeSnapshot(repo, options);
      first.push(performance.now() - start);
      const anchorDir = path.join(root, `anchor-${run}.git`);
      start = performance.now();
      anchorGit(anchorDir, workspace, ['init', '-q']);
      anchorGit(anchorDir, workspace, ['add', '-A']);
      anchorGit(anchorDir, workspace, ['write-tree']);
      firstAnchor.push(performance.now() - start);
    }

    const dataDir = path.join(root, 'data-0');
    const anchorDir = path.join(root, 'anchor-0.git');
    const repo = await openShadowRepo({
      gitBinary: gitBinary as string,
      dataDir,
      home: path.join(root, 'home'),
      workspace,
      sandbox: sandboxFor(dataDir),
    });
    const increment: number[] = [];
    const incrementAnchor: number[] = [];
    const restore: number[] = [];
    const restoreAnchor: number[] = [];
    const ctx = { workspace, home: path.join(root, 'home'), dataDir };
    for (let round = 0; round < RUNS; round++) {
      const before = await takeSnapshot(repo, options);
      anchorGit(anchorDir, workspace, ['add', '-A']);
      const anchorBefore = anchorGit(anchorDir, workspace, ['write-tree']);
      const changed = touch(workspace, files, round);

      let start = performance.now();
      const after = await takeSnapshot(repo, options);
      keepTree(repo, `bench-${round}`, after.tree);
      increment.push(performance.now() - start);
      start = performance.now();
      anchorGit(anchorDir, workspace, ['add', '-A']);
      anchorGit(anchorDir, workspace, ['write-tree']);
      incrementAnchor.push(performance.now() - start);

      // A restore as the owner waits for it: the plan (the card), the restore's own snapshot before,
      // the writes, and its snapshot after (a restore is itself undoable); both snapshots read the plan's paths only.
      start = performance.now();
      const plan = await planRestore(repo, [
        { id: round, beforeTree: before.tree, afterTree: after.tree, beforeOversize: [], afterOversize: [] },
      ]);
      // The restore's own "before": only the plan's paths can differ from its "after" (restores.ts).
      await takeSnapshotOfPaths(
        repo,
        plan.files.map((file) => file.path),
        options,
      );
      const blobs = await readBlobs(
        repo,
        plan.files.flatMap((file) => (file.target ? [file.target.oid] : [])),
      );
      const outcomes = applyPlan(ctx, plan.files, blobs);
      await takeSnapshotOfPaths(
        repo,
        plan.files.map((file) => file.path),
        options,
      );
      restore.push(performance.now() - start);
      if (outcomes.filter((o) => o.outcome === 'restored').length !== 10)
        throw new Error(`restore did not restore 10 files: ${JSON.stringify(outcomes)}`);

      touch(workspace, files, round);
      start = performance.now();
      anchorGit(anchorDir, workspace, ['checkout', anchorBefore, '--', ...changed]);
      restoreAnchor.push(performance.now() - start);
    }

    console.log(
      `\ncheckpoints on ${FILES} files (+${IGNORED} ignored), median of ${RUNS} runs, anchor = plain git on the same tree`,
    );
    report('first snapshot', first, firstAnchor, 3_000, 'git add -A && write-tree');
    report('incremental (10 changed)', increment, incrementAnchor, 200, 'git add -A && write-tree');
    report('restore of 10 files', restore, restoreAnchor, 500, 'git checkout <tree> -- 10 paths');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

void main();
