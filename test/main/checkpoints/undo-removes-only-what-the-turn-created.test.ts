// Issue 20: Undo removes a path only when the turn created it. A file that was on disk before the
// turn but not recorded (ignored then, not after: the turn edited .gitignore) is kept, and the card
// does not say the turn created it; a folder the owner had, even empty, stays when the turn's file
// in it goes; the plan never follows a link or waits on a FIFO it reads.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diskEntry } from '../../../src/main/checkpoints/plan';
import { blobId } from '../../../src/main/checkpoints/trees';
import type { FakeTurn } from '../../support/fakeModelServer';
import { createTempDirs } from '../../support/tempDirs';
import { checkpointHarness } from './harness';

const temp = createTempDirs();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  temp.cleanup();
});

async function harnessFor(turn: FakeTurn[]) {
  const h = await checkpointHarness(temp.make(), (_request, index) => turn[index] ?? { text: 'ok' });
  closers.push(() => h.close());
  return h;
}

describe('undo removes only what the turn created', () => {
  it('keeps a file that was ignored before the turn and is not after it, and says so on the card', async () => {
    const h = await harnessFor([
      { text: 'tidy', toolCalls: [{ name: 'edit', args: { path: '.gitignore', old: 'data/\n', new: '' } }] },
      { text: 'Done.' },
    ]);
    fs.writeFileSync(h.file('.gitignore'), 'node_modules/\ndata/\n');
    fs.mkdirSync(h.file('data'));
    fs.writeFileSync(h.file('data/precious.db'), 'OWNER DATA\n');
    fs.writeFileSync(h.file('app.js'), 'x\n');

    expect(await h.runTurn('tidy the ignore file')).toBe('completed');
    const [turn] = h.core.checkpoints.list(h.conversation.id);
    expect(turn!.summary).toBe('changed 1 file: .gitignore'); // not "data/precious.db": it was there already
    const card = await h.cardById((await h.core.checkpoints.undo(turn!.id)).cardId);
    expect(card.details).toContain('restored: .gitignore');
    expect(card.details?.join('\n')).not.toMatch(/precious\.db \(the turn created it\)/);
    expect(card.details?.join('\n')).toMatch(/kept: data\/precious\.db was on disk before the turn but not recorded/);
    expect(card.reason).toMatch(/1 file goes back to how it was/);

    const restore = await h.approveRestore(card);
    expect(fs.readFileSync(h.file('data/precious.db'), 'utf8')).toBe('OWNER DATA\n');
    expect(fs.readFileSync(h.file('.gitignore'), 'utf8')).toBe('node_modules/\ndata/\n');
    expect(restore.summary).toMatch(/data\/precious\.db \(on disk before the turn but not recorded, so not removed\)/);
  }, 60_000);

  it('removes the folders the turn created with its files, never a folder the owner had, even an empty one', async () => {
    const h = await harnessFor([
      {
        text: 'making',
        toolCalls: [
          {
            name: 'bash',
            args: {
              command:
                'printf x > logs/run.txt && mkdir -p out/deep && printf y > out/deep/z.txt && printf z > keep/inner/new.txt',
            },
          },
        ],
      },
      { text: 'Done.' },
    ]);
    fs.writeFileSync(h.file('app.js'), 'x\n');
    fs.mkdirSync(h.file('logs')); // empty: git records no empty folder
    fs.mkdirSync(h.file('keep/inner'), { recursive: true });
    fs.writeFileSync(h.file('keep/owner.txt'), 'mine\n'); // keep/ is in the snapshot, keep/inner/ is empty

    expect(await h.runTurn('make things')).toBe('completed');
    expect(fs.existsSync(h.file('out/deep/z.txt'))).toBe(true);
    const [turn] = h.core.checkpoints.list(h.conversation.id);
    const card = await h.cardById((await h.core.checkpoints.undo(turn!.id)).cardId);
    expect(card.details).toEqual(
      expect.arrayContaining([
        'removed: logs/run.txt (the turn created it)',
        'removed: out/deep/z.txt (the turn created it)',
        'removed: keep/inner/new.txt (the turn created it)',
      ]),
    );
    await h.approveRestore(card);

    expect(fs.existsSync(h.file('logs/run.txt'))).toBe(false);
    expect(fs.existsSync(h.file('out'))).toBe(false); // the turn's folders go with its file
    expect(fs.statSync(h.file('logs')).isDirectory()).toBe(true); // the owner's empty folder stays
    expect(fs.readdirSync(h.file('logs'))).toEqual([]);
    expect(fs.statSync(h.file('keep/inner')).isDirectory()).toBe(true);
    expect(fs.readFileSync(h.file('keep/owner.txt'), 'utf8')).toBe('mine\n');
  }, 60_000);
});

describe('what the plan reads on disk', () => {
  it('hashes a file, names a link without following it, and never opens a FIFO or reads past a link on the way', () => {
    const dir = temp.make();
    fs.writeFileSync(path.join(dir, 'a.txt'), 'alpha\n');
    fs.symlinkSync('a.txt', path.join(dir, 'link'));
    fs.symlinkSync('.', path.join(dir, 'loop'));
    execFileSync('mkfifo', [path.join(dir, 'pipe')]);

    expect(diskEntry(dir, 'a.txt')).toEqual({ mode: '100644', oid: blobId(Buffer.from('alpha\n')) });
    expect(diskEntry(dir, 'link')).toEqual({ mode: '120000', oid: blobId(Buffer.from('a.txt')) });
    expect(diskEntry(dir, 'pipe')).toBe('unreadable'); // returns at once: nothing writes to it
    expect(diskEntry(dir, 'loop/a.txt')).toBe('unreadable');
    expect(diskEntry(dir, 'missing.txt')).toBeNull();
  });
});
