// Whether the volume holding a directory ignores case (macOS APFS/HFS+ by default, Windows), so the
// deny list and the workspace prefix are compared folded there and exactly elsewhere (SPEC §4).
import fs from 'node:fs';
import path from 'node:path';

// A volume's case rule never changes under a path, so this is safe to remember: it cannot make a
// swapped link pass, it only chooses how strings are compared.
const known = new Map<string, boolean>();

function swapCase(name: string): string {
  let out = '';
  for (const ch of name) {
    const lower = ch.toLowerCase();
    out += ch === lower ? ch.toUpperCase() : lower;
  }
  return out;
}

/**
 * Probes the nearest ancestor of `dir` whose name has letters: if the case-swapped spelling names the
 * same inode, the volume ignores case. Falls back to the platform's usual default.
 */
export function volumeIgnoresCase(dir: string): boolean {
  const cached = known.get(dir);
  if (cached !== undefined) return cached;
  let answer = process.platform === 'darwin' || process.platform === 'win32';
  let current = dir;
  while (current !== path.dirname(current)) {
    const base = path.basename(current);
    const swapped = swapCase(base);
    if (swapped !== base) {
      try {
        const a = fs.lstatSync(current);
        const b = fs.lstatSync(path.join(path.dirname(current), swapped), { throwIfNoEntry: false });
        answer = b !== undefined && b.ino === a.ino && b.dev === a.dev;
      } catch {
        // Unreadable: keep the platform default.
      }
      break;
    }
    current = path.dirname(current);
  }
  known.set(dir, answer);
  return answer;
}
