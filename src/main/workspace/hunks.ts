// Per-hunk answers on write and edit cards (issue 17): the card offers the hunks of its own diff, the
// owner accepts some, and the core applies only those hunks — its own copy, never text from the
// window — to the very content the card's base hash names. Pure: the caller checks the hash.
import { structuredPatch } from 'diff';
import type { CardHunk } from '../../shared/domain';

const NO_NEWLINE = '\\ No newline at end of file';
const HUNKS_TIMEOUT_MS = 1_500;
const HUNKS_MAX_BYTES = 2 * 1024 * 1024;

interface Line {
  text: string;
  newline: boolean;
}

/** The hunks of before → after (context 3, as the card's diff), or [] when the diff is too large to compute. */
export function hunksOf(before: string | null, after: string): CardHunk[] {
  if ((before?.length ?? 0) > HUNKS_MAX_BYTES || after.length > HUNKS_MAX_BYTES) return [];
  const patch = structuredPatch('a', 'b', before ?? '', after, undefined, undefined, {
    context: 3,
    timeout: HUNKS_TIMEOUT_MS,
  });
  if (!patch) return [];
  return patch.hunks.map((hunk, index) => ({
    id: `hunk-${index + 1}`,
    header: `@@ -${hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart},${hunk.oldLines} +${hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart},${hunk.newLines} @@`,
    lines: [...hunk.lines],
  }));
}

function splitLines(text: string): Line[] {
  if (text === '') return [];
  const parts = text.split('\n');
  const last = parts.pop() as string;
  const lines = parts.map((part) => ({ text: part, newline: true }));
  if (last !== '') lines.push({ text: last, newline: false });
  return lines;
}

/** The old and new sides of a hunk, each line with whether it ends in a newline. */
function sidesOf(hunk: CardHunk): { old: Line[]; new: Line[] } {
  const old: Line[] = [];
  const next: Line[] = [];
  let previous: ' ' | '-' | '+' | null = null;
  for (const raw of hunk.lines) {
    if (raw === NO_NEWLINE) {
      if (previous === ' ' || previous === '-') old[old.length - 1]!.newline = false;
      if (previous === ' ' || previous === '+') next[next.length - 1]!.newline = false;
      continue;
    }
    const sign = raw[0];
    const text = raw.slice(1);
    if (sign === ' ') {
      old.push({ text, newline: true });
      next.push({ text, newline: true });
    } else if (sign === '-') old.push({ text, newline: true });
    else if (sign === '+') next.push({ text, newline: true });
    else throw new Error(`a hunk line starts with neither ' ', '-' nor '+': ${JSON.stringify(raw.slice(0, 40))}`);
    previous = sign;
  }
  return { old, new: next };
}

function oldStartOf(header: string): number {
  const match = /^@@ -(\d+)(?:,(\d+))? \+/.exec(header);
  if (!match) throw new Error(`not a hunk header: ${header}`);
  const start = Number(match[1]);
  const count = match[2] === undefined ? 1 : Number(match[2]);
  // "-10,0" means "after line 10"; "-10,3" means "from line 10".
  return count === 0 ? start : start - 1;
}

const sameLine = (a: Line, b: Line): boolean => a.text === b.text && a.newline === b.newline;

export type HunkSelection = { ok: true; content: string; rejected: CardHunk[] } | { ok: false; error: string };

/**
 * `before` with only the accepted hunks applied. Every hunk's old side must be found where it says,
 * in order: content that does not match is refused, never patched by guess.
 */
export function applyAcceptedHunks(
  before: string,
  hunks: readonly CardHunk[],
  accepted: ReadonlySet<string>,
): HunkSelection {
  const source = splitLines(before);
  const out: Line[] = [];
  const rejected: CardHunk[] = [];
  let cursor = 0;
  for (const hunk of hunks) {
    let sides: { old: Line[]; new: Line[] };
    let at: number;
    try {
      sides = sidesOf(hunk);
      at = oldStartOf(hunk.header);
    } catch (error) {
      return { ok: false, error: `refused: ${(error as Error).message}` };
    }
    if (at < cursor || at + sides.old.length > source.length) {
      return { ok: false, error: `refused: ${hunk.id} does not lie where the file is; nothing was written` };
    }
    for (let index = 0; index < sides.old.length; index++) {
      if (!sameLine(source[at + index]!, sides.old[index]!)) {
        return { ok: false, error: `refused: ${hunk.id} does not match the file's content; nothing was written` };
      }
    }
    out.push(...source.slice(cursor, at));
    if (accepted.has(hunk.id)) out.push(...sides.new);
    else {
      out.push(...sides.old);
      rejected.push(hunk);
    }
    cursor = at + sides.old.length;
  }
  out.push(...source.slice(cursor));
  // Only the last line may lack its newline: otherwise two lines would run together.
  if (out.slice(0, -1).some((line) => !line.newline))
    return { ok: false, error: 'refused: the hunks do not fit the end of the file; nothing was written' };
  return { ok: true, content: out.map((line) => line.text + (line.newline ? '\n' : '')).join(''), rejected };
}

/** What the model reads about the hunks the owner rejected: each by header and lines. */
export function rejectedHunksText(rel: string, rejected: readonly CardHunk[], total: number): string {
  if (rejected.length === 0) return '';
  const listed = rejected.map((hunk) => [`${hunk.id} ${hunk.header}`, ...hunk.lines].join('\n')).join('\n');
  return `The owner rejected ${rejected.length} of ${total} hunks of the change to ${rel}; they were NOT applied (the file keeps its old text there):\n${listed}`;
}
