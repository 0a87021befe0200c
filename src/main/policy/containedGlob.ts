// What sh puts in place of an unquoted glob word, read from the workspace as sh would expand it
// (policy/containedFiles.ts FileView.expand): only a glob inside the workspace is listed.
import fs from 'node:fs';
import type { PathSession } from '../workspace/resolve';
import type { Place } from './containedFiles';
import type { ShellWord } from './shellForm';

/** Most names a glob may match before the rule asks instead. */
const GLOB_LIMIT = 2_000;

/** What the expansion asks of the decision's view of the files. */
interface GlobView {
  readonly session: PathSession;
  place(text: string, cwd: string): Place;
}

/**
 * The names sh puts in place of a glob word (hidden names only for a pattern beginning with `.`,
 * where dash also gives `.` and `..`), or [the word] when nothing matches. Null: too many.
 * Only a glob inside the workspace is expanded; one outside is judged by its literal prefix.
 */
export function expandGlob(view: GlobView, word: ShellWord, cwd: string): string[] | null {
  if (!word.glob) return [word.value];
  const chars: { ch: string; quoted: boolean }[] = [];
  for (const part of word.parts) for (const ch of part.text) chars.push({ ch, quoted: part.quoted });
  const components: { ch: string; quoted: boolean }[][] = [[]];
  for (const c of chars) {
    if (c.ch === '/') components.push([]);
    else components[components.length - 1]!.push(c);
  }
  const absolute = word.value.startsWith('/');
  let dirs = [absolute ? '' : cwd];
  let globbed = false;
  for (let i = absolute ? 1 : 0; i < components.length; i++) {
    const comp = components[i];
    const literal = comp!.every((c) => c.quoted || (c.ch !== '*' && c.ch !== '?'));
    const text = comp!.map((c) => c.ch).join('');
    if (literal) {
      dirs = dirs.map((d) => (text === '' && i === components.length - 1 ? `${d}/` : `${d}/${text}`));
      continue;
    }
    // Whether an earlier part was a pattern: then each directory here is one sh matched.
    const matched = globbed;
    globbed = true;
    const source = comp!
      .map((c) => (c.quoted ? escape(c.ch) : c.ch === '*' ? '[^/]*' : c.ch === '?' ? '[^/]' : escape(c.ch)))
      .join('');
    const pattern = new RegExp(`^${source}$`, 's');
    const hidden = comp![0]?.ch === '.';
    const next: string[] = [];
    for (const dir of dirs) {
      // A directory outside is never listed. Named by the word's literal part, the word is judged
      // by that part; matched by a pattern (a link out, or to nothing), it is itself one of what
      // the word names, and judged as such (outside: a card).
      if (view.place(dir === '' ? '/' : dir, cwd).kind !== 'inside') {
        if (!matched) return [word.value];
        next.push(dir);
        continue;
      }
      let names: string[];
      try {
        names = fs.readdirSync(dir === '' ? '/' : dir);
      } catch {
        continue;
      }
      if (hidden) names.push('.', '..');
      for (const name of names) {
        if (!hidden && name.startsWith('.')) continue;
        if (pattern.test(name)) next.push(`${dir}/${name}`);
      }
      if (next.length > GLOB_LIMIT) return null;
    }
    dirs = next.sort();
  }
  const found = globbed
    ? dirs.filter(
        (d) => view.session.lstat(d.replace(/\/$/, '')) !== undefined || d.endsWith('/.') || d.endsWith('/..'),
      )
    : dirs;
  return found.length === 0 ? [word.value] : found;
}

function escape(ch: string): string {
  return ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
