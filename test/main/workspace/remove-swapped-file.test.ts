// Removing a file through a resolution already made (a task's added file whose every hunk the owner
// rejected): what is at the name when it is removed must be the file resolved. A file swapped for a
// link, or for another file, after the resolution is refused and left as it is; a parent directory
// swapped for a link to outside is refused too, so nothing outside the workspace is ever removed.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeResolved } from '../../../src/main/workspace/files';
import { resolveDetailed } from '../../../src/main/workspace/resolve';
import { makeTree, type Tree } from './fixture';

let t: Tree;
afterEach(() => t.cleanup());

function resolved(tree: Tree, rel: string) {
  const res = resolveDetailed(tree.ctx, { path: rel, for: 'write' });
  if (!res.ok) throw new Error(res.reason);
  return res;
}

describe('removeResolved', () => {
  it('removes the file resolved', () => {
    t = makeTree();
    const res = resolved(t, 'README.md');
    expect(removeResolved(t.ctx, res, 'README.md')).toMatchObject({ ok: true });
    expect(fs.existsSync(path.join(t.ws, 'README.md'))).toBe(false);
  });

  it('refuses a file swapped for a link to outside after the resolution, and leaves both', () => {
    t = makeTree();
    const res = resolved(t, 'README.md');
    fs.rmSync(path.join(t.ws, 'README.md'));
    fs.symlinkSync(path.join(t.outside, 'secret.txt'), path.join(t.ws, 'README.md'));
    expect(removeResolved(t.ctx, res, 'README.md')).toMatchObject({ ok: false, status: 403 });
    expect(fs.lstatSync(path.join(t.ws, 'README.md')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(t.outside, 'secret.txt'), 'utf8')).toBe('OUTSIDE-SECRET\n');
  });

  it('refuses a file replaced by another (a new inode) after the resolution', () => {
    t = makeTree();
    const res = resolved(t, 'README.md');
    fs.writeFileSync(path.join(t.ws, 'README.new'), 'written since\n');
    fs.renameSync(path.join(t.ws, 'README.new'), path.join(t.ws, 'README.md'));
    expect(removeResolved(t.ctx, res, 'README.md')).toMatchObject({ ok: false });
    expect(fs.readFileSync(path.join(t.ws, 'README.md'), 'utf8')).toBe('written since\n');
  });

  it('refuses a parent directory swapped for a link to outside, and removes nothing there', () => {
    t = makeTree();
    fs.mkdirSync(path.join(t.ws, 'notes'));
    fs.writeFileSync(path.join(t.ws, 'notes', 'secret.txt'), 'inside\n');
    const res = resolved(t, 'notes/secret.txt');
    fs.renameSync(path.join(t.ws, 'notes'), path.join(t.ws, 'notes-moved'));
    fs.symlinkSync(t.outside, path.join(t.ws, 'notes'));
    expect(removeResolved(t.ctx, res, 'notes/secret.txt')).toMatchObject({ ok: false });
    expect(fs.readFileSync(path.join(t.outside, 'secret.txt'), 'utf8')).toBe('OUTSIDE-SECRET\n');
  });
});
