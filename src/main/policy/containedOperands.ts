// How contained mode reads a program's words (policy/contained.ts): which are its pattern or its
// script rather than a place (grep's first operand, sed's script, an option's value, a search's
// filter globs), what a script given as a word runs or opens (sed's e/w/r, awk's system), the texts
// a word may name as paths, and how a reader descends (recursive searches, archivers).
import type { Descent } from './containedFiles';
import { INLINE_CODE_FLAGS, PATTERN_FIRST, SCRIPT_FIRST, VALUE_FLAGS } from './containedPrograms';
import { rgOverrides } from './searchFilters';
import { wordTable } from '../../shared/wordTable';
import { sedScriptProblem } from './sedScript';

export const FILTER_GLOB_FLAGS = /^--(include|exclude|exclude-dir|glob|iglob)(=.*)?$/;
/** The searches whose filter options are globs over names (gawk's --include is a source file). */
export const SEARCHES = new Set(['grep', 'egrep', 'fgrep', 'zgrep', 'rg']);

/**
 * Whether a search's word is a file filter (`--include=*.py`, `--exclude-dir .venv`, rg's `-g`):
 * its glob attached ('here'), in the next word ('next'), or not a filter (null).
 */
export function filterGlobAt(program: string, w: string): 'here' | 'next' | null {
  if (!SEARCHES.has(program) || !(FILTER_GLOB_FLAGS.test(w) || (program === 'rg' && /^-g/.test(w)))) return null;
  return !w.includes('=') && !/^-g./.test(w) ? 'next' : 'here';
}

/**
 * Where the code given on a command line is, for a word of an interpreter's argv: 'next' (`-c`,
 * `-Ic`, `-pe`, `--eval`), 'here' (`--eval=CODE`, `-cCODE`), or null. A short flag counts last in a
 * cluster of flags (python -Ic, node -pe, perl -lne).
 */
export function inlineCodeFlag(program: string, word: string): 'next' | 'here' | null {
  for (const flag of INLINE_CODE_FLAGS[program] ?? []) {
    if (word === flag) return 'next';
    if (flag.startsWith('--')) {
      if (word.startsWith(`${flag}=`)) return 'here';
      continue;
    }
    if (!flag.startsWith('-')) continue; // deno's `eval` subcommand: matched exactly above
    const letter = flag.slice(1);
    if (new RegExp(`^-[A-Za-z]*${letter}$`).test(word)) return 'next';
    if (word.startsWith(flag) && word.length > 2) return 'here';
  }
  return null;
}

/** A csplit pattern: `/regexp/` or `%regexp%` with an offset, a line number, or a repeat `{N}` / `{*}`. */
const CSPLIT_PATTERN = /^(\/.*\/|%.*%)[+-]?\d*$|^\d+$|^\{(\d+|\*)\}$/s;

/**
 * csplit FILE PATTERN…, read as GNU csplit reads it: after its file every operand is a pattern
 * (`/^-/` is a regexp, not a path); the values of -b, -f and -n are values. Null where a word is not
 * one this reads (the general reading then judges every operand as a place).
 */
function csplitOperands(
  argv: readonly string[],
): { patterns: Set<number>; code: Set<number>; values: Set<number> } | null {
  const patterns = new Set<number>();
  const values = new Set<number>();
  let file = false;
  let operandsOnly = false;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i]!;
    if (!operandsOnly && w === '--') {
      operandsOnly = true;
      continue;
    }
    if (!operandsOnly && w.startsWith('-') && w !== '-') {
      if (/^--(prefix|suffix-format|digits)=/.test(w) || /^-[bfn]./s.test(w)) continue;
      if (/^--(prefix|suffix-format|digits)$/.test(w) || /^-[kszq]*[bfn]$/.test(w)) {
        values.add(++i);
        continue;
      }
      if (/^(-[kszq]+|--(keep-files|quiet|silent|elide-empty-files|suppress-matched))$/.test(w)) continue;
      return null;
    }
    if (!file) {
      file = true;
      continue;
    }
    if (!CSPLIT_PATTERN.test(w)) return null;
    patterns.add(i);
  }
  return { patterns, code: new Set(), values };
}

/** The indices of words that are a pattern or a script, not a path (grep's first operand, sed's script). */
export function nonPathOperands(
  program: string,
  argv: readonly string[],
): { patterns: Set<number>; code: Set<number>; values: Set<number> } {
  const csplit = program === 'csplit' ? csplitOperands(argv) : null;
  if (csplit) return csplit;
  const patterns = new Set<number>();
  const code = new Set<number>();
  /** Words that are an option's value (`-g '*.py'`): judged as places, never a search's starting point. */
  const values = new Set<number>();
  const inline = INLINE_CODE_FLAGS[program];
  let firstTaken = false;
  const givenByFlag = argv.some(
    (w) =>
      w === '-e' ||
      // (ag's -f is --follow: its pattern is still its first operand.)
      (w === '-f' && program !== 'ag') ||
      w.startsWith('--regexp') ||
      w === '--expression' ||
      w.startsWith('--file') ||
      w.startsWith('--from-file') ||
      w.startsWith('--expression=') ||
      ['e', 'f'].includes(shortValue(program, w)?.letter ?? ''),
  );
  let operandsOnly = false;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    // After `--` every word is an operand: the first the pattern, `-zzz` included (`grep -r -- -zzz .`).
    if (w === '--' && (PATTERN_FIRST.has(program) || SCRIPT_FIRST.has(program)) && !operandsOnly) {
      operandsOnly = true;
      continue;
    }
    if (operandsOnly) {
      if (!firstTaken && !givenByFlag) (PATTERN_FIRST.has(program) ? patterns : code).add(i);
      firstTaken = true;
      continue;
    }
    const inlineAt = inline ? inlineCodeFlag(program, w!) : null;
    if (inlineAt === 'next') {
      code.add(i + 1);
      i++;
      continue;
    }
    if (inlineAt === 'here') {
      code.add(i);
      continue;
    }
    if (
      (PATTERN_FIRST.has(program) || SCRIPT_FIRST.has(program)) &&
      (w === '-e' || w === '--regexp' || w === '--expression')
    ) {
      (SCRIPT_FIRST.has(program) ? code : patterns).add(i + 1);
      i++;
      continue;
    }
    // A search's file filters are globs over names, not places: `--exclude=*.pem` opens nothing.
    const filter = filterGlobAt(program, w!);
    if (filter !== null) {
      patterns.add(filter === 'next' ? ++i : i);
      continue;
    }
    // A cluster of short options whose last takes the next word (`-rne PATTERN`, `-nA 3`).
    const short = w === '-e' ? null : shortValue(program, w!);
    if (short && !short.attached) {
      if (short.letter === 'e') (SCRIPT_FIRST.has(program) ? code : patterns).add(i + 1);
      else values.add(i + 1);
      i++;
      continue;
    }
    // An attached script (`-e1p`, `-ne'1e …'`) is read as the script it is.
    if (short?.letter === 'e' && SCRIPT_FIRST.has(program)) {
      code.add(i);
      continue;
    }
    if (short) continue;
    if (SCRIPT_FIRST.has(program) && w!.startsWith('--expression=')) {
      code.add(i);
      continue;
    }
    const taken = VALUE_FLAGS[program]?.[w!];
    if (taken !== undefined) {
      for (let k = 1; k <= taken; k++) values.add(i + k);
      i += taken;
      continue;
    }
    if (w!.startsWith('-') || firstTaken) continue;
    if (PATTERN_FIRST.has(program) && !givenByFlag) patterns.add(i);
    else if (SCRIPT_FIRST.has(program) && !givenByFlag) code.add(i);
    firstTaken = true;
  }
  return { patterns, code, values };
}

/**
 * Why a sed or awk script given as a word does more than read its input and print, or null: sed's
 * `e` runs a shell command, `w`/`W` write and `r`/`R` read other files (GNU sed's --sandbox turns
 * them off); awk's system(), pipes, getline and `>` redirects do the same. Read conservatively: the
 * letters are looked for in what is left once s///, y/// and /addresses/ are taken out, so a label
 * or an a/i/c text holding one asks too.
 */
/** Dot-commands of sqlite3's shell that only show the database's own text. */
const SQLITE_SHOWS =
  /^\.(tables|schema|indexes|indices|headers|mode|width|nullvalue|separator|help|databases|dump|show|fullschema|stats|timer|changes|print|bail|echo|eqp)\b/i;
/** SQL that reads or writes files, or loads code: sqlite3's own functions and statements. */
const SQLITE_FILES =
  /\b(readfile|writefile|edit|load_extension|fts3_tokenizer|attach|vacuum\s+into|fsdir|zipfile|sqlar_uncompress|lsmode)\b/i;

/**
 * sqlite3 runs the SQL and dot-commands it is given: its shell's `.shell`, `.read`, `.output`,
 * `.import` and SQL's `readfile()`, `writefile()`, `ATTACH` read and write files or run programs,
 * so only statements and dot-commands that show the database pass. Its input read as commands (a
 * pipe, a redirect, `-init FILE`) is code this rule does not read.
 */
export function sqliteProblem(argv: readonly string[], fromInput: boolean): string | null {
  if (argv.some((w) => w === '-init' || w === '--init' || w === '-cmd' || w === '--cmd'))
    return 'sqlite3 -init and -cmd run commands this rule does not read';
  // Archive mode (-A, --archive) writes and reads the members an archive names.
  if (argv.some((w) => /^-A/.test(w) || w === '--archive' || w === '-archive'))
    return 'sqlite3 -A extracts or stores the files an archive names, which this rule does not read';
  const operands = argv.slice(1).filter((w) => !w.startsWith('-'));
  const statements = operands.slice(1);
  if (statements.length === 0)
    return fromInput ? 'sqlite3 reads its commands from its input here, which this rule does not read' : null;
  for (const sql of statements) {
    const dot = sql.trimStart().startsWith('.');
    if ((dot && !SQLITE_SHOWS.test(sql.trimStart())) || /\n\s*\./.test(sql) || SQLITE_FILES.test(sql))
      return "sqlite3's command reads or writes files or runs programs (.shell, .read, .output, readfile(), ATTACH), which this rule does not read";
  }
  return null;
}

export function scriptProblem(program: string, script: string): string | null {
  // Read whatever --sandbox says: after `--` or an operand (POSIXLY_CORRECT) it is a file name, and e, r, w run.
  if (program === 'sed') return sedScriptProblem(script);
  if (/^(awk|gawk|mawk|nawk)$/.test(program)) {
    const what = /\bsystem\b|(?<!\|)\|(?!\|)|\bgetline\b|\bprintf?\b[^;}]*>|\bARG[VC]\b/.exec(script);
    return what
      ? `${program}'s ${what[0].trim()} runs a command or opens another file, which this rule does not read`
      : null;
  }
  // jq's modules are files it reads (import, include; -L names where).
  if ((program === 'jq' || program === 'yq') && /\b(import|include)\b/.test(script))
    return `${program}'s import and include read module files, which this rule does not read`;
  return null;
}

/** The short options of the searches and scripts that take a value, per program. */
export const SHORT_VALUES: Readonly<Record<string, string>> = wordTable({
  grep: 'ABCmdDef',
  egrep: 'ABCmdDef',
  fgrep: 'ABCmdDef',
  zgrep: 'ABCmdDef',
  rg: 'ABCmMjEgtTrdef',
  // (ag's -A, -B and -C take their number only attached.)
  ag: 'GgmpW',
  sed: 'efl',
  awk: 'Fvf',
  gawk: 'Fvf',
  mawk: 'Fvf',
  nawk: 'Fvf',
  jq: 'fL',
  yq: 'fL',
  diff: 'CDFILSUWxX',
});

/**
 * In a cluster of short options (`-rne`, `-eAPI`, `-A3`), the first that takes a value: its letter,
 * and whether the value is the cluster's rest (attached) or the next word. Null when none does.
 */
export function shortValue(program: string, w: string): { letter: string; attached: boolean } | null {
  const { flags, end } = scanCluster(program, w);
  const letter = flags[flags.length - 1];
  return letter !== undefined && SHORT_VALUES[program]?.includes(letter) ? { letter, attached: end < w.length } : null;
}

/** The texts a word may name as paths: itself, a `--flag=` or `NAME=` value, a short flag's attached path, `@file`. */
export function pathTexts(word: string): string[] {
  if (word.startsWith('--')) {
    const eq = word.indexOf('=');
    return eq > 0 ? [word.slice(eq + 1)] : [];
  }
  if (word.startsWith('-')) {
    // A short flag's attached value (`-o.env`, `-I../include`): judged when it looks like a file name.
    const out: string[] = [];
    const attached = /^-[A-Za-z]+?([/~.].*)$/.exec(word);
    if (attached && /^(\/|~|\.\.?(\/|$))/.test(attached[1]!)) out.push(attached[1]!);
    const rest = word.slice(2);
    if (/^[A-Za-z]/.test(word.slice(1)) && /[./]/.test(rest) && !out.includes(rest)) out.push(rest);
    return out;
  }
  const out = [word];
  const eq = /^[A-Za-z_][A-Za-z0-9_.-]*=(.+)$/.exec(word);
  if (eq) out.push(eq[1]!);
  if (eq && eq[1]!.startsWith('@') && eq[1]!.length > 1) out.push(eq[1]!.slice(1));
  if (word.startsWith('@') && word.length > 1) out.push(word.slice(1));
  return out;
}

const READERS: Record<string, (argv: readonly string[]) => Descent | null> = {
  grep: (argv) => {
    const flags = argv
      .slice(1)
      .map((w) => shortFlags('grep', w))
      .join('');
    return /[rR]/.test(flags) ||
      argv.some(
        (w) =>
          w === '--recursive' ||
          w === '--dereference-recursive' ||
          w === '--directories' ||
          // grep takes the value by any beginning of it too (`--directories=rec`).
          /^--directories=r(e(c(u(r(s(e)?)?)?)?)?)?$/.test(w),
      ) ||
      flags.includes('d')
      ? {
          hidden: true,
          ignoredToo: true,
          // -R follows every link it meets; -r only those named on the command line.
          follows: flags.includes('R') || argv.includes('--dereference-recursive'),
        }
      : null;
  },
  rg: rgDescent,
  ag: agDescent,
  // ack reads every file below where it starts, hidden and git-ignored alike (it skips only VCS
  // folders and backups); -n stops it descending, not reading the files where it starts.
  ack: (argv) => ({ hidden: true, ignoredToo: true, follows: argv.includes('--follow') }),
  tar: (argv) =>
    argv.some((w, i) => (i === 1 && /^[^-]*c/.test(w)) || /^-[a-zA-Z]*c/.test(w) || w === '--create')
      ? {
          hidden: true,
          ignoredToo: true,
          // -h in a cluster too (`-chf`), or in the first word's letters (`tar chf`).
          follows: argv.some(
            (w, i) => /^-[a-zA-Z]*h/.test(w) || (i === 1 && /^[^-]*h/.test(w)) || w === '--dereference',
          ),
        }
      : null,
  // cp -R/-r/-a copies a tree; with -L (--dereference) it copies what each link leads to, a secrets
  // folder under another name among them (`cp -rL config x`, config/aws being ../.aws).
  cp: (argv) =>
    argv.some((w) => /^-[a-zA-Z]*L/.test(w) || w === '--dereference') &&
    argv.some((w) => /^-[a-zA-Z]*[rRa]/.test(w) || w === '--recursive' || w === '--archive')
      ? { hidden: true, ignoredToo: true, follows: true }
      : null,
  rsync: (argv) =>
    argv.some((w) => /^-[a-zA-Z]*[Lk]/.test(w) || w === '--copy-links' || w === '--copy-dirlinks')
      ? { hidden: true, ignoredToo: true, follows: true }
      : null,
  // rgrep is grep -r.
  rgrep: (argv) => ({ hidden: true, ignoredToo: true, follows: argv.some((w) => /^-[a-zA-Z]*R/.test(w)) }),
  // jar c… and cmake -E tar c… archive the trees they are given.
  jar: (argv) => (/^-?[a-zA-Z]*c/.test(argv[1] ?? '') ? { hidden: true, ignoredToo: true } : null),
  cmake: (argv) =>
    argv[1] === '-E' && argv[2] === 'tar' && /c/.test(argv[3] ?? '') ? { hidden: true, ignoredToo: true } : null,
  // zip stores what a link leads to unless told -y (--symlinks).
  zip: (argv) => ({
    hidden: true,
    ignoredToo: true,
    follows: !argv.some((w) => /^-[a-zA-Z]*y/.test(w) || w === '--symlinks'),
  }),
  // diff given a folder prints what differs in the files there (without -r those at its top, with
  // -r every one below), and with -N a file absent from one side whole: judged as descending either
  // way. GNU diff follows the links it meets, unless --no-dereference. gzip -r … -c prints what it compresses.
  diff: (argv) => ({ hidden: true, ignoredToo: true, follows: !argv.includes('--no-dereference') }),
  gzip: (argv) =>
    argv.some((w) => /r/.test(shortFlags('gzip', w)) || w === '--recursive')
      ? { hidden: true, ignoredToo: true }
      : null,
  '7z': () => ({ hidden: true, ignoredToo: true }),
};

export const RECURSIVE_READERS: Readonly<Record<string, (argv: readonly string[]) => Descent | null>> = wordTable({
  ...READERS,
  egrep: READERS.grep!,
  fgrep: READERS.grep!,
  'ack-grep': READERS.ack!,
  bzip2: READERS.gzip!,
  xz: READERS.gzip!,
  zstd: READERS.gzip!,
  lz4: READERS.gzip!,
  lz4cat: READERS.gzip!,
});

/** Whether a search with these words prints only names or counts (what it reads is never shown). */
export function printsNamesOnly(program: string, given: readonly string[]): boolean {
  // After `--` every word is an operand: `-l` there is a file.
  const argv = given.includes('--') ? given.slice(0, given.indexOf('--')) : given;
  // (ack's -f and -g list the files it would search, by name.)
  const letters = program === 'rg' ? /[lcq]/ : program === 'ack' || program === 'ack-grep' ? /[lLcqfg]/ : /[lLcq]/;
  return argv.some(
    (w) =>
      letters.test(shortFlags(program, w)) ||
      /^--(files-with-matches|files-without-match|count|files|quiet|count-matches)$/.test(w),
  );
}

/**
 * The option letters of a short cluster (`-rn`, `-5r`, `-n.`, `-tyaml`): its letters up to and
 * including the first that takes a value (whose rest is that value), digits skipped (grep's -5 is
 * a context of 5 lines). '' for a word that is not a short cluster.
 */
export function shortFlags(program: string, w: string): string {
  return scanCluster(program, w).flags;
}

/** One reading of a short cluster for both: its option letters, and where they end in the word. */
function scanCluster(program: string, w: string): { flags: string; end: number } {
  if (!/^-[^-]/.test(w)) return { flags: '', end: 0 };
  const takes = SHORT_VALUES[program] ?? '';
  let flags = '';
  for (let k = 1; k < w.length; k++) {
    const ch = w[k]!;
    if (/[0-9]/.test(ch)) continue;
    flags += ch;
    if (takes.includes(ch)) return { flags, end: k + 1 };
  }
  return { flags, end: w.length };
}

/**
 * What ag opens as it walks: -u (--unrestricted) every file; -U (--skip-vcs-ignores), -a
 * (--all-types) and -t (--all-text) what git ignores too; --hidden the hidden names. Its long options
 * are read whole (longOptions.ts writes out a prefix).
 */
function agDescent(argv: readonly string[]): Descent {
  const rest = argv.slice(1);
  const flags = rest.map((w) => shortFlags('ag', w)).join('');
  const everything = flags.includes('u') || rest.includes('--unrestricted');
  return {
    hidden: everything || rest.includes('--hidden'),
    ignoredToo:
      everything ||
      /[Uat]/.test(flags) ||
      rest.some((w) => w === '--skip-vcs-ignores' || w === '--all-types' || w === '--all-text'),
    ignoredFilesToo: true,
    follows: flags.includes('f') || rest.includes('--follow'),
  };
}

/** What rg opens as it walks: hidden and ignored files when told, or when a glob or a type overrides its rules. */
export function rgDescent(argv: readonly string[]): Descent {
  const rest = argv.slice(1);
  const overrides = rgOverrides(argv);
  const flags = rest.map((w) => shortFlags('rg', w)).join('');
  // Each -u (or --unrestricted) takes one more filter off: the first the ignore files (--no-ignore),
  // the second hidden names (--hidden), the third binary files.
  const us = (flags.match(/u/g) ?? []).length + rest.filter((w) => w === '--unrestricted').length;
  return {
    hidden: overrides.hidden || us > 1 || flags.includes('.') || rest.includes('--hidden'),
    ignoredToo: overrides.ignoredToo || us > 0 || rest.some((w) => /^--no-ignore/.test(w)),
    // An .ignore or .rgignore (`!.env`), or no repository around it, and rg reads an ignored file.
    ignoredFilesToo: true,
    follows: flags.includes('L') || rest.includes('--follow'),
  };
}
