// How contained mode reads a program's words (policy/contained.ts): which are its pattern or its
// script rather than a place (grep's first operand, sed's script, an option's value, a search's
// filter globs), what a script given as a word runs or opens (sed's e/w/r, awk's system), the texts
// a word may name as paths, and how a reader descends (recursive searches, archivers).
import type { Descent } from './containedFiles';
import { INLINE_CODE_FLAGS, PATTERN_FIRST, SCRIPT_FIRST, VALUE_FLAGS } from './containedPrograms';
import { rgDescent } from './fileLists';

export const FILTER_GLOB_FLAGS = /^--(include|exclude|exclude-dir|glob|iglob)(=.*)?$/;
/** The searches whose filter options are globs over names (gawk's --include is a source file). */
export const SEARCHES = new Set(['grep', 'egrep', 'fgrep', 'zgrep', 'rg']);

/** The indices of words that are a pattern or a script, not a path (grep's first operand, sed's script). */
export function nonPathOperands(
  program: string,
  argv: readonly string[],
): { patterns: Set<number>; code: Set<number>; values: Set<number> } {
  const patterns = new Set<number>();
  const code = new Set<number>();
  /** Words that are an option's value (`-g '*.py'`): judged as places, never a search's starting point. */
  const values = new Set<number>();
  const inline = INLINE_CODE_FLAGS[program];
  let firstTaken = false;
  const givenByFlag = argv.some(
    (w) =>
      w === '-e' ||
      w === '-f' ||
      w.startsWith('--regexp') ||
      w === '--expression' ||
      w.startsWith('--file') ||
      ['e', 'f'].includes(shortValue(program, w)?.letter ?? ''),
  );
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (inline?.includes(w!)) {
      code.add(i + 1);
      i++;
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
    if (SEARCHES.has(program) && (FILTER_GLOB_FLAGS.test(w!) || (program === 'rg' && /^-g/.test(w!)))) {
      if (!w!.includes('=') && !/^-g./.test(w!)) patterns.add(++i);
      else patterns.add(i);
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
    if (short) continue;
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
export function scriptProblem(program: string, script: string, argv: readonly string[]): string | null {
  if (program === 'sed') {
    if (argv.includes('--sandbox')) return null;
    let rest = '';
    for (let i = 0; i < script.length; i++) {
      const ch = script[i]!;
      if ((ch === 's' || ch === 'y') && i + 1 < script.length && !/[\s\\\n;a-zA-Z0-9]/.test(script[i + 1]!)) {
        const delim = script[i + 1]!;
        let k = i + 2;
        for (let part = 0; part < 2 && k <= script.length; k++) {
          if (script[k] === '\\') k++;
          else if (script[k] === delim) part++;
        }
        let flags = '';
        while (k < script.length && /[a-zA-Z0-9]/.test(script[k]!)) flags += script[k++];
        if (ch === 's' && /[ew]/.test(flags)) return `sed's s///${flags} runs or writes, which this rule does not read`;
        i = k - 1;
        continue;
      }
      if (ch === '/') {
        let k = i + 1;
        while (k < script.length && script[k] !== '/') k += script[k] === '\\' ? 2 : 1;
        i = k;
        continue;
      }
      rest += ch;
    }
    const letter = /[ewWrR]/.exec(rest);
    return letter
      ? `sed's \`${letter[0]}\` command runs a command or opens another file, which this rule does not read`
      : null;
  }
  if (/^(awk|gawk|mawk|nawk)$/.test(program)) {
    const what = /\bsystem\b|(?<!\|)\|(?!\|)|\bgetline\b|\bprintf?\b[^;}]*>/.exec(script);
    return what
      ? `${program}'s ${what[0].trim()} runs a command or opens another file, which this rule does not read`
      : null;
  }
  return null;
}

/** The short options of the searches and scripts that take a value, per program. */
export const SHORT_VALUES: Record<string, string> = {
  grep: 'ABCmdDef',
  egrep: 'ABCmdDef',
  fgrep: 'ABCmdDef',
  zgrep: 'ABCmdDef',
  rg: 'ABCmMjEgtTrdef',
  sed: 'efl',
  awk: 'Fvf',
  gawk: 'Fvf',
  mawk: 'Fvf',
  nawk: 'Fvf',
};

/**
 * In a cluster of short options (`-rne`, `-eAPI`, `-A3`), the first that takes a value: its letter,
 * and whether the value is the cluster's rest (attached) or the next word. Null when none does.
 */
export function shortValue(program: string, w: string): { letter: string; attached: boolean } | null {
  const letters = SHORT_VALUES[program];
  if (!letters || !/^-[a-zA-Z]/.test(w) || w.startsWith('--')) return null;
  for (let k = 1; k < w.length; k++) {
    if (letters.includes(w[k]!)) return { letter: w[k]!, attached: k < w.length - 1 };
    if (!/[a-zA-Z]/.test(w[k]!)) return null;
  }
  return null;
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

export const RECURSIVE_READERS: Record<string, (argv: readonly string[]) => Descent | null> = {
  grep: (argv) =>
    argv.some(
      (w) =>
        /^-[a-zA-Z]*[rR]/.test(w) ||
        w === '--recursive' ||
        w === '--dereference-recursive' ||
        w === '-d' ||
        w === '--directories' ||
        w.startsWith('--directories=recurse'),
    )
      ? {
          hidden: true,
          ignoredToo: true,
          // -R follows every link it meets; -r only those named on the command line.
          follows: argv.some((w) => /^-[a-zA-Z]*R/.test(w) || w === '--dereference-recursive'),
        }
      : null,
  rg: rgDescent,
  ag: (argv) => ({
    hidden: argv.some((w) => w === '--hidden' || w === '-u' || w === '--unrestricted'),
    ignoredToo: argv.some((w) => w === '-u' || w === '--unrestricted' || w.startsWith('--skip-vcs-ignores')),
    follows: argv.some((w) => w === '-f' || w === '--follow'),
  }),
  tar: (argv) =>
    argv.some((w, i) => (i === 1 && /^[^-]*c/.test(w)) || /^-[a-zA-Z]*c/.test(w) || w === '--create')
      ? { hidden: true, ignoredToo: true, follows: argv.some((w) => w === '-h' || w === '--dereference') }
      : null,
  zip: () => ({ hidden: true, ignoredToo: true }),
  '7z': () => ({ hidden: true, ignoredToo: true }),
  cp: () => null,
};
RECURSIVE_READERS.egrep = RECURSIVE_READERS.grep!;
RECURSIVE_READERS.fgrep = RECURSIVE_READERS.grep!;

/** grep/rg flags that print only names or counts: what is below is never shown. */
export const NAMES_ONLY_FLAGS =
  /^(-[a-zA-Z]*[lLcq][a-zA-Z]*|--files-with-matches|--files-without-match|--count|--files|--quiet|--count-matches)$/;
/** rg's: -L is --follow there, not a names-only flag. */
export const RG_NAMES_ONLY_FLAGS =
  /^(-[a-zA-Z]*[lcq][a-zA-Z]*|--files-with-matches|--files-without-match|--count|--files|--quiet|--count-matches)$/;

/** Whether a search with these words prints only names or counts (what it reads is never shown). */
export function printsNamesOnly(program: string, argv: readonly string[]): boolean {
  const flags = program === 'rg' ? RG_NAMES_ONLY_FLAGS : NAMES_ONLY_FLAGS;
  return argv.some((w) => flags.test(w));
}
