// Where a repository's HEAD points, read from its files without running git (a turn's start and end
// compare it, to say that the turn committed). Null outside a repository or when unreadable.
import fs from 'node:fs';
import path from 'node:path';

const MAX_BYTES = 4 * 1024 * 1024;

function readSmall(file: string): string | null {
  try {
    const stat = fs.lstatSync(file);
    if (!stat.isFile() || stat.size > MAX_BYTES) return null;
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** The commit HEAD names (through its branch), or the branch alone when it has no commit yet. */
export function headOf(directory: string): string | null {
  let gitDir = path.join(directory, '.git');
  const pointer = readSmall(gitDir);
  if (pointer !== null) {
    const match = /^gitdir:\s*(.+)$/m.exec(pointer);
    if (!match) return null;
    gitDir = path.resolve(directory, match[1]!.trim());
  }
  const head = readSmall(path.join(gitDir, 'HEAD'))?.trim();
  if (!head) return null;
  const ref = /^ref:\s*(refs\/\S+)$/.exec(head)?.[1];
  if (!ref) return head;
  if (ref.split('/').includes('..')) return null;
  const loose = readSmall(path.join(gitDir, ref))?.trim();
  if (loose) return `${ref} ${loose}`;
  const packed = readSmall(path.join(gitDir, 'packed-refs'));
  const line = packed?.split('\n').find((entry) => entry.endsWith(` ${ref}`));
  return `${ref} ${line ? line.split(' ')[0] : '(no commit)'}`;
}
