// A recursive search for literal text (`grep -rn "parse_config" .`, `rg -n TODO src`) prints only the
// lines that hold that text: a secrets file below where it starts shows nothing of itself when none
// of its lines holds it. So such a search is judged by what the secrets files hold now, read by
// Paddock (never shown): a file that holds none of the patterns, compared caselessly, is spared.
// Only where that reading is certain: every pattern literal ASCII text with no character a regular
// expression reads (`.`, `*`, `[`, `\`, …), none empty, none read from a file, and no flag that prints
// lines that do not match (`-v`, rg's `--passthru`), searches inside compressed files (rg `-z`,
// zgrep) or decodes another encoding (rg `-E`/`--encoding`, or a file holding NUL bytes or a UTF-16
// or UTF-8 byte order mark, which rg transcodes). A file changed between this reading and the run
// is the documented limit of every decision made before a command runs.
import fs from 'node:fs';
import path from 'node:path';
import { filterGlobAt } from './containedOperands';

/** Text a pattern may hold to be read as itself by grep's BRE, ERE, PCRE and rg's syntax alike. */
const LITERAL = /^[A-Za-z0-9 _\-:=/@#%,'"<>!~;&`]+$/;

/** Text a fixed-string pattern may hold: any printable ASCII. */
const FIXED = /^[\x20-\x7e]+$/;

/** The largest secrets file read for this; a larger one is not spared. */
const READ_AT_MOST = 1024 * 1024;

/** Flags that make the search print what does not match, or read what it reads otherwise. */
// (A cluster holding `e` takes a pattern this reading does not follow: `-ie API`. grep's -E is its
// extended syntax, read below; rg's is --encoding.)
const DISQUALIFIES =
  /^(-[a-zA-Z0-9]*[vfzae]|--(invert-match|file|files-from|passthru|passthrough|search-zip|encoding|pre|null-data|text|binary-files|output)(=|$))/;
const GREPS = new Set(['grep', 'egrep', 'fgrep']);
const SEARCHES = new Set([...GREPS, 'rg', 'ag', 'ack', 'ack-grep']);

/**
 * The alternatives of a pattern, split at every `|` and `\|` (alternation in ERE, PCRE and rg's
 * syntax, and GNU BRE's `\|`): a line matching the pattern holds one of them, and where the syntax
 * reads a `|` as itself (BRE's `|`, rg's `\|`) a line holding the whole holds each piece too.
 */
function alternatives(pattern: string): string[] {
  return pattern.split(/\\?\|/);
}

/**
 * The literal texts of a grep, egrep, fgrep, rg, ag or ack search (the operand at `patternAt`, or each
 * `-e` value, split into its alternatives), or null when the search is not one this reading is
 * certain of.
 */
export function literalPatterns(
  program: string,
  argv: readonly string[],
  patternAt: ReadonlySet<number>,
): string[] | null {
  if (!SEARCHES.has(program)) return null;
  const patterns: string[] = [];
  let operands = false;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i]!;
    // After `--` every word is an operand: the pattern among them when no -e gave one.
    if (operands || w === '--') {
      if (operands && patternAt.has(i)) patterns.push(w);
      operands = true;
      continue;
    }
    if (w === '-e' || w === '--regexp') {
      const value = argv[i + 1];
      if (value === undefined) return null;
      patterns.push(value);
      i++;
      continue;
    }
    if (w.startsWith('--regexp=')) {
      patterns.push(w.slice('--regexp='.length));
      continue;
    }
    if (/^-e./.test(w)) {
      patterns.push(w.slice(2));
      continue;
    }
    // A file filter and its glob (`--exclude-dir=.venv`, `--include '*.py'`) are not the pattern.
    const filter = filterGlobAt(program, w);
    if (filter !== null) {
      if (filter === 'next') i++;
      continue;
    }
    if (DISQUALIFIES.test(w) || (!GREPS.has(program) && /^-[a-zA-Z0-9]*E/.test(w))) return null;
    if (patternAt.has(i)) patterns.push(w);
  }
  // With -F (--fixed-strings) every printable character is itself (ag and ack: -Q, --literal).
  const fixed = argv.some(
    (w) =>
      (GREPS.has(program) || program === 'rg'
        ? /^-[a-zA-Z0-9]*F/.test(w) || w === '--fixed-strings'
        : /^-[a-zA-Z0-9]*Q/.test(w) || w === '--literal') || program === 'fgrep',
  );
  const texts = fixed ? patterns : patterns.flatMap(alternatives);
  if (texts.length === 0 || !texts.every((p) => (fixed ? FIXED : LITERAL).test(p))) return null;
  return texts.map((p) => p.toLowerCase());
}

/** A secrets folder (`.aws`, `.ssh`) is spared only when it holds no more than this many entries, none a link. */
const FOLDER_AT_MOST = 50;

/**
 * Whether the file at `abs` holds none of `patterns` (already lowercase), read caselessly, or, for a
 * secrets folder, whether none of the files below it does; false when unsure.
 */
export function holdsNone(abs: string, patterns: readonly string[], budget = { left: FOLDER_AT_MOST }): boolean {
  let bytes: Buffer;
  try {
    const st = fs.lstatSync(abs);
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(abs)) {
        if (--budget.left < 0 || !holdsNone(path.join(abs, name), patterns, budget)) return false;
      }
      return true;
    }
    if (!st.isFile() || st.size > READ_AT_MOST) return false;
    bytes = fs.readFileSync(abs);
  } catch {
    return false;
  }
  if (bytes.includes(0)) return false;
  if (
    (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) ||
    (bytes[0] === 0xff && bytes[1] === 0xfe) ||
    (bytes[0] === 0xfe && bytes[1] === 0xff)
  )
    return false;
  const text = bytes.toString('latin1').toLowerCase();
  return patterns.every((p) => !text.includes(p));
}
