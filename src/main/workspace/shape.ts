// Rules decided on the string alone, before any filesystem access (SPEC §4). Besides the spec's own
// (empty, NUL, a leading `~`, and for command operands absolute or `..`), the spellings published
// path-traversal corpora use to get `..`, `/` or `~` past a check that looks only for the ASCII forms:
// - a backslash, a separator to Windows and to every model trained on it: read as `/` here, so
//   `..\..\x` climbs (refused) and `src\a.ts` is src/a.ts; in a command operand it is refused, since
//   the program on Linux or macOS would read the name literally, not the path that was checked;
// - a drive or UNC prefix (`C:\`, `C:x`, `\\?\`), which names another volume on Windows;
// - control characters (newline, escape, DEL…), which no project names a file with and which forge
//   log and card lines;
// - Unicode that a normalising layer (NFKC, Windows best-fit, HFS+ ignorable code points) turns into
//   `..`, `/`, `\` or `~`: fullwidth and small full stops, the one- and two-dot leaders, the fullwidth
//   and division slashes, zero-width characters between the dots.
import type { PathPurpose, PathRefusalCode } from './types';
import { IGNORABLE } from './gitName';

const CONTROL = /[\u0001-\u001f\u007f-\u009f\u2028\u2029]/;
const DRIVE = /^[A-Za-z]:/;
const NON_ASCII = /[^\u0000-\u007f]/;
/** Look like a slash and become one in a best-fit code page or to a reader, though NFKC keeps them. */
const SLASH_LIKE = /[\u2044\u2215\u2216\u29f5\u29f8\u29f9\ufe68\uff0f\uff3c]/;

export function show(p: string): string {
  return JSON.stringify(p.length > 200 ? `${p.slice(0, 200)}…` : p);
}

/** A component that reads as `..`, a separator or `~` once Unicode is normalised; null when none. */
function unicodeTrap(p: string): boolean {
  const parts = p.split(/[\\/]/);
  for (let i = 0; i < parts.length; i++) {
    const raw = parts[i];
    if (!NON_ASCII.test(raw!)) continue;
    if (SLASH_LIKE.test(raw!)) return true;
    const k = raw!.replace(IGNORABLE, '').normalize('NFKC');
    if (k === '..' || k.includes('/') || k.includes('\\') || SLASH_LIKE.test(k)) return true;
    if (i === 0 && k.startsWith('~')) return true;
  }
  return false;
}

export interface ShapeRefusal {
  code: PathRefusalCode;
  reason: string;
}

const refusal = (code: PathRefusalCode, reason: string): ShapeRefusal => ({ code, reason });

/** The refusal (code and sentence) for `p` (a path or a working directory), or null when its shape is fine. */
export function refuseByShape(p: string, purpose: PathPurpose, what: string): ShapeRefusal | null {
  if (p.length === 0) return refusal('path-shape', `refused: the ${what} is empty.`);
  if (p.includes('\0')) return refusal('path-shape', `refused: the ${what} contains a NUL character.`);
  if (CONTROL.test(p))
    return refusal(
      'path-shape',
      `refused: the ${what} ${show(p)} contains a control character, which no workspace file name needs.`,
    );
  if (p.startsWith('~'))
    return refusal(
      'home-tilde',
      `refused: ${show(p)} begins with '~', which is never expanded; give a path relative to the workspace.`,
    );
  if (DRIVE.test(p) || p.startsWith('\\\\'))
    return refusal(
      'outside-workspace',
      `refused: ${show(p)} is a Windows drive or network path, outside the workspace.`,
    );
  if (NON_ASCII.test(p) && unicodeTrap(p)) {
    return refusal(
      'path-shape',
      `refused: ${show(p)} contains a Unicode character that reads as '..', '/', '\\' or '~' once normalised; use the plain ASCII spelling.`,
    );
  }
  if (purpose === 'run') {
    if (p.includes('\\'))
      return refusal('path-shape', `refused: ${show(p)} contains a backslash, which a command operand may not use.`);
    if (p.startsWith('/'))
      return refusal(
        'absolute',
        `refused: ${show(p)} is absolute; a command operand must be relative to the workspace.`,
      );
    if (p.split('/').includes('..'))
      return refusal('climbs-out', `refused: ${show(p)} contains '..', which a command operand may not use.`);
  }
  return null;
}

/** The path as the resolver walks it: backslashes are separators (see above). */
export function normalSeparators(p: string): string {
  return p.includes('\\') ? p.replace(/\\/g, '/') : p;
}
