// The paths git tracks, read from the workspace's own index (`.git/index`, versions 2 to 4), for
// contained mode's lists of files (`git ls-files | xargs …`, `git diff --name-only | xargs …`):
// what git lists there is a tracked file, so a secrets file among them only when it is tracked.
// Read once per file version ((dev, ino, size, mtime, ctime) of its lstat); null whenever the index
// is not one this reads whole — no `.git` folder, a sha256 repository, a sparse or split index, a
// submodule, a short or unknown file — so that the caller counts every file below instead.
import fs from 'node:fs';
import path from 'node:path';

/** The tracked paths (from the repository's top), and every folder above one. */
export interface Tracked {
  files: ReadonlySet<string>;
  folders: ReadonlySet<string>;
}

/** Entries this reads at most (a larger index is not read). */
const MAX_ENTRIES = 200_000;

/** The paths of an index file's entries, or null when it is not an index this reads whole. */
export function indexPaths(data: Buffer): string[] | null {
  if (data.length < 12 || data.toString('latin1', 0, 4) !== 'DIRC') return null;
  const version = data.readUInt32BE(4);
  const count = data.readUInt32BE(8);
  if (version < 2 || version > 4 || count > MAX_ENTRIES) return null;
  const paths: string[] = [];
  let at = 12;
  let previous: Buffer = Buffer.alloc(0);
  for (let n = 0; n < count; n++) {
    const start = at;
    // ctime, mtime (8 each), dev, ino, mode, uid, gid, size (4 each), a sha1 (20), flags (2).
    if (start + 62 > data.length) return null;
    const mode = data.readUInt32BE(start + 24);
    // A sparse index's folder entry stands for every file below it, unnamed; a submodule's entry
    // names a folder whose files (another repository's) a program given it may read.
    if ((mode & 0o170000) === 0o040000 || (mode & 0o170000) === 0o160000) return null;
    const flags = data.readUInt16BE(start + 60);
    at = start + 62;
    if (flags & 0x4000) {
      if (version < 3) return null;
      at += 2;
    }
    let name: Buffer;
    if (version === 4) {
      // The number of bytes to drop from the previous name (git's offset varint), then the rest.
      if (at >= data.length) return null;
      let byte = data[at++]!;
      let strip = byte & 0x7f;
      while (byte & 0x80) {
        if (at >= data.length) return null;
        byte = data[at++]!;
        strip = ((strip + 1) << 7) + (byte & 0x7f);
      }
      const end = data.indexOf(0, at);
      if (end < 0 || strip > previous.length) return null;
      name = Buffer.concat([previous.subarray(0, previous.length - strip), data.subarray(at, end)]);
      at = end + 1;
    } else {
      const end = data.indexOf(0, at);
      if (end < 0) return null;
      name = data.subarray(at, end);
      // Padded with one to eight NULs to a multiple of eight bytes from the entry's start.
      at = start + ((end - start + 8) & ~7);
    }
    if (at > data.length) return null;
    previous = name;
    paths.push(name.toString('utf8'));
  }
  // The extensions, each a signature and a size, up to the index's own hash: a split index's
  // `link` keeps further entries in a shared index file, and a sparse index's `sdir` folders
  // stand for files unnamed here; either way this list is not the whole of what git tracks.
  while (at + 8 <= data.length - 20) {
    const signature = data.toString('latin1', at, at + 4);
    if (signature === 'link' || signature === 'sdir') return null;
    at += 8 + data.readUInt32BE(at + 4);
  }
  return at === data.length - 20 ? paths : null;
}

const known = new Map<string, { key: string; tracked: Tracked | null }>();

/**
 * The files the repository at `workspace` tracks, when its `.git` is a folder there holding an
 * index this reads (and not a sha256 repository); null otherwise.
 */
export function trackedFiles(workspace: string): Tracked | null {
  const git = path.join(workspace, '.git');
  const file = path.join(git, 'index');
  let st: fs.Stats;
  try {
    if (!fs.lstatSync(git).isDirectory()) return null;
    st = fs.lstatSync(file);
  } catch {
    return null;
  }
  if (!st.isFile()) return null;
  const key = `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
  const hit = known.get(workspace);
  if (hit && hit.key === key) return hit.tracked;
  let tracked: Tracked | null = null;
  try {
    const config = fs.readFileSync(path.join(git, 'config'), 'utf8');
    const paths = /objectformat\s*=\s*sha256/i.test(config) ? null : indexPaths(fs.readFileSync(file));
    if (paths) {
      const folders = new Set<string>();
      for (const p of paths)
        for (let cut = p.lastIndexOf('/'); cut > 0; cut = p.lastIndexOf('/', cut - 1)) folders.add(p.slice(0, cut));
      tracked = { files: new Set(paths), folders };
    }
  } catch {
    tracked = null;
  }
  if (known.size >= 64) known.clear();
  known.set(workspace, { key, tracked });
  return tracked;
}
