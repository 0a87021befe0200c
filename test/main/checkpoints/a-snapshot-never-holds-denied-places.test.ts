// SPEC §4: the deny list holds even inside a workspace, and a workspace may be the home directory.
// A checkpoint copies the workspace into a repository under the data directory, so a snapshot must
// never record a denied place (~/.ssh/id_rsa would otherwise sit there, readable by anything that
// reads that repository), and a restore must never write one back.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPlan } from '../../../src/main/checkpoints/apply';
import { diskEntry, planRestore } from '../../../src/main/checkpoints/plan';
import { openShadowRepo, splitNul } from '../../../src/main/checkpoints/shadowGit';
import { purgeDeniedOnce } from '../../../src/main/checkpoints/purgeDenied';
import { keepTree, takeSnapshot, takeSnapshotOfPaths } from '../../../src/main/checkpoints/snapshot';
import { readBlobs } from '../../../src/main/checkpoints/trees';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs();
afterEach(() => temp.cleanup());
const GIT = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
const KEY = '-----BEGIN OPENSSH PRIVATE KEY-----\nOWNER-SSH-KEY\n';
const SECRETS: Record<string, string> = {
  '.ssh/id_rsa': KEY,
  '.aws/credentials': '[default]\naws_secret_access_key=OWNER-AWS-SECRET\n',
  '.cargo/credentials.toml': 'token = "OWNER-CARGO-TOKEN"\n',
  '.bashrc': 'export TOKEN=OWNER-BASHRC-TOKEN\n',
};
const OPTIONS = { includeIgnored: false, maxFileBytes: 1024 * 1024, previousOversize: [] };

/** The workspace is the owner's home, holding credentials, ordinary work and Paddock's own data directory. */
async function homeWorkspace() {
  const root = temp.make();
  const home = path.join(root, 'home');
  const dataDir = path.join(home, '.paddock-data');
  const write = (rel: string, content: string): void => {
    fs.mkdirSync(path.dirname(path.join(home, rel)), { recursive: true });
    fs.writeFileSync(path.join(home, rel), content);
  };
  for (const [rel, content] of Object.entries(SECRETS)) write(rel, content);
  write('notes.txt', 'ordinary notes\n');
  write('projects/app/src/a.ts', 'export const a = 1;\n');
  write('.cargo/config-notes.txt', 'not a credential\n');
  const repo = await openShadowRepo({ gitBinary: GIT, dataDir, home, workspace: home });
  const stored = async (tree: string): Promise<string[]> =>
    splitNul(await repo.git(['ls-tree', '-r', '-z', '--name-only', tree]));
  /** Everything in the shadow repository's object store, read by git itself. */
  const allObjects = (): string =>
    execFileSync(GIT, ['cat-file', '--batch-all-objects', '--batch'], {
      env: { PATH: process.env.PATH, GIT_DIR: repo.gitDir },
      encoding: 'utf8',
    });
  return { home, dataDir, repo, write, stored, allObjects };
}

function expectNoSecret(text: string): void {
  for (const word of ['OWNER-SSH-KEY', 'OWNER-AWS-SECRET', 'OWNER-CARGO-TOKEN', 'OWNER-BASHRC-TOKEN'])
    expect(text).not.toContain(word);
}

describe('a snapshot never holds a denied place', () => {
  it('leaves ~/.ssh, ~/.aws, cargo credentials, shell rc files and the data directory out of the shadow repository', async () => {
    const { repo, stored, allObjects } = await homeWorkspace();
    const snapshot = await takeSnapshot(repo, OPTIONS);
    expect(await stored(snapshot.tree)).toEqual(['.cargo/config-notes.txt', 'notes.txt', 'projects/app/src/a.ts']);
    expectNoSecret(allObjects());
  });

  it('holds with ignored trees included, with many changes at once, and for paths named after a restore', async () => {
    const { repo, write, stored, allObjects } = await homeWorkspace();
    const all = await takeSnapshot(repo, { ...OPTIONS, includeIgnored: true });
    expect(await stored(all.tree)).not.toContain('.ssh/id_rsa');
    for (let i = 0; i < 2_100; i++) write(`many/f${i}.txt`, `${i}\n`);
    write('.ssh/id_ed25519', KEY);
    const many = await takeSnapshot(repo, OPTIONS);
    const names = await stored(many.tree);
    expect(names).toContain('many/f2099.txt');
    expect(names.filter((name) => name.startsWith('.ssh') || name.startsWith('.aws') || name === '.bashrc')).toEqual(
      [],
    );
    const named = await takeSnapshotOfPaths(repo, ['.ssh/id_rsa', '.aws/credentials', 'notes.txt'], OPTIONS);
    expect(await stored(named.tree)).not.toContain('.ssh/id_rsa');
    expectNoSecret(allObjects());
  });

  it('takes out a denied path an older snapshot recorded, and a restore neither shows nor writes it', async () => {
    const { home, dataDir, repo, write, stored } = await homeWorkspace();
    // As a snapshot taken before the deny list covered it would have left the index.
    await takeSnapshot(repo, OPTIONS);
    await repo.git(['add', '-f', '--', '.ssh/id_rsa']);
    fs.rmSync(path.join(repo.gitDir, 'info', 'denied'), { force: true });
    const before = (await repo.git(['write-tree'])).toString('utf8').trim();
    expect(await stored(before)).toContain('.ssh/id_rsa');

    write('notes.txt', 'changed by the turn\n');
    write('.ssh/id_rsa', 'a key the turn replaced\n');
    const after = await takeSnapshot(repo, OPTIONS);
    expect(await stored(after.tree)).not.toContain('.ssh/id_rsa');

    const plan = await planRestore(repo, [
      { id: 1, beforeTree: before, afterTree: after.tree, beforeOversize: [], afterOversize: [] },
    ]);
    expect(plan.files.map((file) => file.path)).toEqual(['notes.txt']);
    const blobs = await readBlobs(
      repo,
      plan.files.flatMap((file) => (file.target ? [file.target.oid] : [])),
    );
    const ctx = { workspace: home, home, dataDir };
    expect(applyPlan(ctx, plan.files, blobs)).toEqual([{ path: 'notes.txt', outcome: 'restored' }]);
    expect(fs.readFileSync(path.join(home, 'notes.txt'), 'utf8')).toBe('ordinary notes\n');
    expect(fs.readFileSync(path.join(home, '.ssh', 'id_rsa'), 'utf8')).toBe('a key the turn replaced\n');

    // Even handed a plan naming it, the restore refuses to write a denied place.
    const keyOid = (await repo.git(['rev-parse', `${before}:.ssh/id_rsa`])).toString('utf8').trim();
    const current = diskEntry(home, '.ssh/id_rsa');
    const forged = [
      {
        path: '.ssh/id_rsa',
        target: { mode: '100644', oid: keyOid },
        left: null,
        current,
        status: 'restore' as const,
        createdFolders: 0,
      },
    ];
    const outcome = applyPlan(ctx, forged, await readBlobs(repo, [keyOid]));
    expect(outcome[0]).toMatchObject({
      path: '.ssh/id_rsa',
      outcome: 'kept',
      why: expect.stringContaining('deny list'),
    });
    expect(fs.readFileSync(path.join(home, '.ssh', 'id_rsa'), 'utf8')).toBe('a key the turn replaced\n');
  });
});

describe('checkpoints an older Paddock recorded with a denied place', () => {
  /** What an older version left: a kept snapshot holding ~/.ssh/id_rsa, written with git itself past the exclude lines. */
  async function legacyCheckpoint(
    repo: Awaited<ReturnType<typeof homeWorkspace>>['repo'],
    home: string,
  ): Promise<string> {
    const env = {
      PATH: process.env.PATH,
      GIT_DIR: repo.gitDir,
      GIT_WORK_TREE: home,
      GIT_INDEX_FILE: path.join(repo.gitDir, 'legacy-index'),
    };
    execFileSync(GIT, ['add', '-f', '.ssh/id_rsa', 'notes.txt'], { env, cwd: home });
    const tree = execFileSync(GIT, ['write-tree'], { env, cwd: home, encoding: 'utf8' }).trim();
    fs.rmSync(env.GIT_INDEX_FILE, { force: true });
    return tree;
  }

  it('are dropped once when the shadow repository is opened, and the key leaves its object store', async () => {
    const { home, repo, allObjects } = await homeWorkspace();
    const legacy = await legacyCheckpoint(repo, home);
    keepTree(repo, '1-before', legacy);
    const clean = await takeSnapshot(repo, OPTIONS);
    keepTree(repo, '2-before', clean.tree);
    expect(allObjects()).toContain('OWNER-SSH-KEY'); // the test can fail: the old snapshot holds it

    const pruned: number[] = [];
    const rows = [
      { id: 1, beforeTree: legacy, afterTree: null },
      { id: 2, beforeTree: clean.tree, afterTree: clean.tree },
    ];
    expect(await purgeDeniedOnce(repo, rows, (ids) => pruned.push(...ids))).toEqual([1]);
    expect(pruned).toEqual([1]);
    expectNoSecret(allObjects());
    // The clean checkpoint is whole.
    expect(await repo.git(['ls-tree', '-r', '--name-only', clean.tree]).then((out) => out.toString('utf8'))).toContain(
      'notes.txt',
    );
    // Once: a second opening reads nothing again (the marker names this deny list).
    expect(await purgeDeniedOnce(repo, rows, (ids) => pruned.push(...ids))).toEqual([]);
    expect(pruned).toEqual([1]);
  });

  it('read nothing when no denied place lies inside the workspace', async () => {
    const root = temp.make();
    const home = path.join(root, 'home');
    const ws = path.join(home, 'project');
    fs.mkdirSync(ws, { recursive: true });
    fs.writeFileSync(path.join(ws, 'a.txt'), 'a\n');
    const repo = await openShadowRepo({ gitBinary: GIT, dataDir: path.join(root, 'data'), home, workspace: ws });
    const snapshot = await takeSnapshot(repo, OPTIONS);
    expect(
      await purgeDeniedOnce(repo, [{ id: 7, beforeTree: snapshot.tree, afterTree: null }], () => undefined),
    ).toEqual([]);
  });
});
