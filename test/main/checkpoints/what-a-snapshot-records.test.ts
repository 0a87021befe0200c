// Issue 20 §1: a snapshot records untracked files, leaves .gitignore'd trees out unless asked,
// names files above the size cap without storing them, keeps every byte as it is on disk whatever
// the workspace's .gitattributes say, and never runs the workspace repository's hooks or settings.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openShadowRepo, shadowDirFor, splitNul } from '../../../src/main/checkpoints/shadowGit';
import { takeSnapshot } from '../../../src/main/checkpoints/snapshot';
import { readBlobs } from '../../../src/main/checkpoints/trees';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs();
afterEach(() => temp.cleanup());
const GIT = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();

async function setup() {
  const root = temp.make();
  const workspace = path.join(root, 'ws');
  fs.mkdirSync(workspace);
  const repo = await openShadowRepo({
    gitBinary: GIT,
    dataDir: path.join(root, 'data'),
    home: path.join(root, 'home'),
    workspace,
  });
  const write = (rel: string, content: string | Buffer): void => {
    fs.mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
    fs.writeFileSync(path.join(workspace, rel), content);
  };
  const stored = async (tree: string): Promise<string[]> =>
    splitNul(await repo.git(['ls-tree', '-r', '-z', '--name-only', tree]));
  return { root, workspace, repo, write, stored };
}

describe('what a snapshot records', () => {
  it("records untracked files and leaves .gitignore'd trees out, unless the setting includes them", async () => {
    const { repo, write, stored } = await setup();
    write('.gitignore', 'node_modules/\n*.log\n');
    write('src/a.ts', 'a');
    write('node_modules/dep/index.js', 'dep');
    write('debug.log', 'log');
    const plain = await takeSnapshot(repo, { includeIgnored: false, maxFileBytes: 1024, previousOversize: [] });
    expect(await stored(plain.tree)).toEqual(['.gitignore', 'src/a.ts']);
    const all = await takeSnapshot(repo, { includeIgnored: true, maxFileBytes: 1024, previousOversize: [] });
    expect(await stored(all.tree)).toEqual(['.gitignore', 'debug.log', 'node_modules/dep/index.js', 'src/a.ts']);
  });

  it('names a file above the size cap without storing it, and stores it again once it is small', async () => {
    const { repo, write, stored } = await setup();
    write('small.txt', 'small');
    write('huge [1].bin', Buffer.alloc(4096, 7));
    const first = await takeSnapshot(repo, { includeIgnored: false, maxFileBytes: 1024, previousOversize: [] });
    expect(first.oversize).toEqual(['huge [1].bin']);
    expect(await stored(first.tree)).toEqual(['small.txt']);
    // Unchanged and still large: still named, still not stored.
    const second = await takeSnapshot(repo, {
      includeIgnored: false,
      maxFileBytes: 1024,
      previousOversize: first.oversize,
    });
    expect(second.oversize).toEqual(['huge [1].bin']);
    expect(await stored(second.tree)).toEqual(['small.txt']);
    write('huge [1].bin', 'now small');
    const third = await takeSnapshot(repo, {
      includeIgnored: false,
      maxFileBytes: 1024,
      previousOversize: second.oversize,
    });
    expect(third.oversize).toEqual([]);
    expect(await stored(third.tree)).toEqual(['huge [1].bin', 'small.txt']);
    // A stored file that grows past the cap leaves the snapshot.
    write('small.txt', Buffer.alloc(2048, 1));
    const fourth = await takeSnapshot(repo, { includeIgnored: false, maxFileBytes: 1024, previousOversize: [] });
    expect(fourth.oversize).toEqual(['small.txt']);
    expect(await stored(fourth.tree)).toEqual(['huge [1].bin']);
  });

  it("stores every byte as it is on disk, whatever the workspace's .gitattributes ask", async () => {
    const { repo, write } = await setup();
    write('.gitattributes', '* text=auto eol=lf\n*.txt ident filter=evil\n');
    write('crlf.txt', 'one\r\ntwo\r\n$Id$\r\n');
    const snapshot = await takeSnapshot(repo, { includeIgnored: false, maxFileBytes: 1024, previousOversize: [] });
    const oid = (await repo.git(['rev-parse', `${snapshot.tree}:crlf.txt`])).toString('utf8').trim();
    const blobs = await readBlobs(repo, [oid]);
    expect(blobs.get(oid)?.toString('utf8')).toBe('one\r\ntwo\r\n$Id$\r\n');
  });

  it('never reads the workspace repository: its hooks, fsmonitor and filters do not run, its index and refs stay as they were', async () => {
    const { root, workspace, write } = await setup();
    write('a.txt', 'a');
    execFileSync(GIT, ['init', '-q'], {
      cwd: workspace,
      env: { PATH: process.env.PATH, GIT_CONFIG_GLOBAL: '/dev/null', HOME: root },
    });
    const marker = path.join(root, 'ran');
    const script = path.join(root, 'evil.sh');
    fs.writeFileSync(script, `#!/bin/sh\ntouch ${marker}\ncat\n`, { mode: 0o755 });
    fs.appendFileSync(
      path.join(workspace, '.git', 'config'),
      `[core]\n\tfsmonitor = ${script}\n\thooksPath = ${root}\n[filter "evil"]\n\tclean = ${script}\n\tsmudge = ${script}\n`,
    );
    fs.writeFileSync(path.join(workspace, '.gitattributes'), '* filter=evil\n');
    for (const hook of ['post-index-change', 'pre-commit', 'post-checkout'])
      fs.copyFileSync(script, path.join(workspace, '.git', 'hooks', hook));
    fs.chmodSync(path.join(workspace, '.git', 'hooks', 'post-index-change'), 0o755);
    const gitState = (): string[] =>
      ['index', 'HEAD', 'config'].map((f) =>
        fs.existsSync(path.join(workspace, '.git', f))
          ? fs.readFileSync(path.join(workspace, '.git', f), 'utf8')
          : '(none)',
      );
    const before = gitState();

    const repo = await openShadowRepo({
      gitBinary: GIT,
      dataDir: path.join(root, 'data2'),
      home: path.join(root, 'home'),
      workspace,
    });
    const snapshot = await takeSnapshot(repo, { includeIgnored: false, maxFileBytes: 1024, previousOversize: [] });
    write('a.txt', 'changed');
    await takeSnapshot(repo, { includeIgnored: false, maxFileBytes: 1024, previousOversize: [] });

    expect(fs.existsSync(marker)).toBe(false);
    expect(gitState()).toEqual(before);
    expect(splitNul(await repo.git(['ls-tree', '-r', '-z', '--name-only', snapshot.tree]))).toEqual([
      '.gitattributes',
      'a.txt',
    ]);
    expect(repo.gitDir).toBe(shadowDirFor(path.join(root, 'data2'), workspace));
    const hooks = path.join(repo.gitDir, 'hooks');
    expect(fs.existsSync(hooks) ? fs.readdirSync(hooks) : []).toEqual([]);
  });
});
