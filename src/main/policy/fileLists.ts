// Commands that run another program on a list of files they found: `find … -exec CMD {} +` and
// `PRODUCER | xargs CMD`, where the producer lists files below known starting points (`find`,
// `git ls-files`, `git diff --name-only`, `rg --files`, `rg -l`, `grep -rl`). Contained mode
// (policy/contained.ts) judges them as CMD given every file the producer may list: this module reads
// their shape; the judging (secrets, links out, CMD's own words) stays in contained.ts. Anything
// else that feeds xargs, and any CMD fileConsumers.ts does not let consume a list, is still a card.
import type { Descent } from './containedFiles';
import { VALUE_FLAGS } from './containedPrograms';
import { rgDescent, shortFlags } from './containedOperands';
import { searchFilter, type SearchFilter } from './searchFilters';
import { wordTable } from '../../shared/wordTable';

/** What a producer may list: files below `roots` (as written; none: the directory it runs in). */
export interface FileList {
  roots: string[];
  how: Descent;
  filter: SearchFilter | null;
  /** Whether links are among what it lists (find without -type, git; rg and grep only when they follow). */
  listsLinks: boolean;
  /** Whether it prints names with no leading directory (git, rg and grep given no path): one may start with `-`. */
  bareNames: boolean;
  /** Whether it ends each name with a NUL (find -print0, git -z, rg -0, grep -Z), which xargs -0 reads whole. */
  nul: boolean;
  /** Git lists only files its index tracks (`git ls-files`, `git diff --name-only` against the index). */
  tracked?: true;
  /**
   * Git lists files its index tracks and files of the commits it is given (`git diff --name-only
   * HEAD~1`, `--cached`): a secrets file among them is one the index or the history holds.
   */
  trackedOrCommitted?: true;
  /**
   * The names are the repository's, from its top (git diff without --relative), opened from the
   * directory it runs in: roots and filter hold only where that directory is the top.
   */
  fromTop?: true;
}

/** The primaries of a find expression this rule reads, with the number of words each takes. */
const FIND_TESTS: Readonly<Record<string, number>> = wordTable({
  '-name': 1,
  '-iname': 1,
  '-path': 1,
  '-ipath': 1,
  '-wholename': 1,
  '-type': 1,
  '-maxdepth': 1,
  '-mindepth': 1,
  '-newer': 1,
  '-mtime': 1,
  '-mmin': 1,
  '-size': 1,
  '-empty': 0,
  '-print': 0,
  '-print0': 0,
  '-delete': 0,
  '-prune': 0,
  '-not': 0,
  '!': 0,
  '-o': 0,
  '-or': 0,
  '-a': 0,
  '-and': 0,
  '(': 0,
  ')': 0,
});

/** find's primaries that act on what the expression before them kept. */
const ACTIONS = new Set(['-exec', '-execdir', '-print', '-print0', '-delete', '-prune']);

/** `find`'s starting points, filter and `-exec` commands, or why it is not read. */
export type FindReading =
  { ok: true; list: FileList; execs: { argv: string[]; indices: number[] }[] } | { ok: false; reason: string };

/**
 * Reads `find ROOTS EXPRESSION`: roots, then primaries this rule knows, `-exec`/`-execdir CMD … {} ;`
 * or `+` with `{}` a word of its own. Its filter is the `-name`/`-iname` patterns not negated when
 * every primary is joined by "and" (no `-o`, no parentheses); otherwise every file counts.
 */
export function readFind(argv: readonly string[]): FindReading {
  const roots: string[] = [];
  let i = 1;
  while (i < argv.length && !argv[i]!.startsWith('-') && argv[i] !== '!' && argv[i] !== '(') roots.push(argv[i++]!);
  const names: { glob: string; ignoreCase: boolean }[] = [];
  let joinedByAnd = true;
  let onlyFiles = false;
  let noLinks = false;
  const execs: { argv: string[]; indices: number[] }[] = [];
  // find evaluates its expression left to right: a test after an action (`-exec … + -name '*.ts'`,
  // `-print -name x`) narrows nothing of what the action was given.
  let acted = false;
  for (; i < argv.length; i++) {
    const w = argv[i]!;
    if (acted && !ACTIONS.has(w)) joinedByAnd = false;
    if (ACTIONS.has(w)) acted = true;
    if (w === '-exec' || w === '-execdir') {
      const start = i + 1;
      let end = start;
      while (end < argv.length && argv[end] !== ';' && argv[end] !== '+') end++;
      if (end >= argv.length) return { ok: false, reason: `find ${w} has no closing \`;\` or \`+\`` };
      const words = argv.slice(start, end);
      if (words[0]?.includes('{}')) return { ok: false, reason: `find ${w} runs the file it finds` };
      if (argv[end] === '+' && words[words.length - 1] !== '{}')
        return { ok: false, reason: `find ${w} … + takes \`{}\` last` };
      const kept: number[] = [];
      for (let k = start; k < end; k++) {
        if (argv[k] === '{}') continue;
        if (argv[k]!.includes('{}'))
          return { ok: false, reason: `find ${w} puts the file's name inside the word ${argv[k]}` };
        kept.push(k);
      }
      if (kept.length === 0) return { ok: false, reason: `find ${w} runs the file it finds` };
      execs.push({ argv: kept.map((k) => argv[k]!), indices: kept });
      i = end;
      continue;
    }
    const takes = FIND_TESTS[w];
    if (takes === undefined) return { ok: false, reason: `find ${w} is an option this rule does not read` };
    if (w === '-o' || w === '-or' || w === '(' || w === ')') joinedByAnd = false;
    // `!` and `-not` negate the next primary only: a -name negated is no filter of what is listed.
    const negated = argv[i - 1] === '!' || argv[i - 1] === '-not';
    if ((w === '-name' || w === '-iname') && argv[i + 1] !== undefined && !negated)
      names.push({ glob: argv[i + 1]!, ignoreCase: w === '-iname' });
    // Without -L, find's -type f and -type d list no links (a link is -type l).
    if (w === '-type' && !negated && (argv[i + 1] === 'f' || argv[i + 1] === 'd')) {
      noLinks = true;
      if (argv[i + 1] === 'f') onlyFiles = true;
    }
    i += takes;
  }
  const list: FileList = {
    roots,
    how: { hidden: true, ignoredToo: true },
    filter: joinedByAnd && names.length > 0 ? namesFilter(names, onlyFiles && joinedByAnd) : null,
    listsLinks: !(joinedByAnd && noLinks),
    bareNames: false,
    nul: argv.includes('-print0'),
  };
  return { ok: true, list, execs };
}

/**
 * What find's `-name` patterns (joined by "and") list: the entries whose base name matches every
 * one, and, unless only files are listed (`-type f`), a folder's whole tree when the folder matches,
 * since the program given the folder reads what is in it.
 */
function namesFilter(names: readonly { glob: string; ignoreCase: boolean }[], onlyFiles: boolean): SearchFilter {
  // One grep filter per pattern, each an --include: a name is kept when every one keeps it.
  const each = names.map((n) =>
    searchFilter('grep', ['grep', `--include=${n.ignoreCase ? caseless(n.glob) : n.glob}`])!,
  );
  const matches = (name: string): boolean => each.every((f) => f.reads(name));
  return {
    filtersFiles: true,
    reads: (below) => (onlyFiles ? matches(below) : below.split('/').some(matches)),
    skipsDir: () => false,
  };
}

/** A glob that matches regardless of case: each letter as `[aA]`. */
function caseless(glob: string): string {
  return glob.replace(/[A-Za-z]/g, (c) => `[${c.toLowerCase()}${c.toUpperCase()}]`);
}

/** What a producer at the head of a pipeline lists, or null when it is not one this rule reads. */
export function producerList(argv: readonly string[]): FileList | null {
  const program = argv[0];
  const rest = argv.slice(1);
  const operands = rest.filter((w) => !w.startsWith('-'));
  if (program === 'find') {
    const reading = readFind(argv);
    return reading.ok && reading.execs.length === 0 && !argv.includes('-delete') ? reading.list : null;
  }
  if (program === 'git') {
    // Operands are pathspecs git matches itself: `:` magic (`:/` is the repository's top) is not
    // read, except an exclusion (`:!x`, `:^x`, `:(exclude)x`), which only takes names off the list:
    // the list without it holds every name it would (with exclusions only, git lists as with none).
    const pathspecs = operands.slice(1).filter((w) => !excludesOnly(w));
    if (pathspecs.some((w) => w.startsWith(':'))) return null;
    const git = (roots: string[], filter: SearchFilter | null = null): FileList => ({
      roots,
      how: { hidden: true, ignoredToo: true },
      filter,
      listsLinks: true,
      bareNames: roots.length === 0,
      nul: rest.includes('-z'),
    });
    // With a pattern among them, every pathspec is matched below the directory git runs in.
    const matched = (specs: readonly string[]): FileList | null => {
      const filter = pathspecFilter(specs);
      return filter ? git([], filter) : null;
    };
    const flags = rest.slice(1).filter((w) => w.startsWith('-'));
    if (
      rest[0] === 'ls-files' &&
      flags.every((w) => /^(-[cmo]|--cached|--modified|--others|--exclude-standard|-z|--)$/.test(w))
    ) {
      const list = pathspecs.some((w) => /[*?[\]]/.test(w)) ? matched(pathspecs) : git(pathspecs);
      return list && !flags.some((w) => w === '-o' || w === '--others') ? { ...list, tracked: true } : list;
    }
    // Names relative to the repository's top, opened from the directory it runs in: below it either way.
    // Given revisions (`HEAD~1`, `main...HEAD`) it names files of theirs too: still below, every one of
    // them; pathspecs after `--` narrow it to those (a pattern among them: the whole directory).
    if (
      rest[0] === 'diff' &&
      rest.includes('--name-only') &&
      flags.every((w) => /^(--name-only|--cached|--staged|-z|--|--relative|--diff-filter=[ACDMRTUXB]+)$/.test(w))
    ) {
      const dashes = rest.indexOf('--');
      const specs = dashes >= 0 ? rest.slice(dashes + 1).filter((w) => !excludesOnly(w)) : [];
      const list = specs.some((w) => /[*?[\]]/.test(w)) ? matched(specs) : git(specs);
      if (!list) return null;
      // Against the index (no revision, not --cached), every name is one the index tracks.
      const revisions = (dashes >= 0 ? rest.slice(1, dashes) : rest.slice(1)).filter((w) => !w.startsWith('-'));
      const againstIndex = revisions.length === 0 && !flags.some((w) => w === '--cached' || w === '--staged');
      return {
        ...list,
        ...(againstIndex ? { tracked: true as const } : { trackedOrCommitted: true as const }),
        ...(rest.includes('--relative') ? {} : { fromTop: true as const }),
      };
    }
    return null;
  }
  if (program === 'rg' || program === 'grep' || program === 'egrep' || program === 'fgrep') {
    const flags = rest.map((w) => shortFlags(program, w)).join('');
    const listsNames = flags.includes('l') || rest.includes('--files-with-matches');
    const files = program === 'rg' && rest.includes('--files');
    if (!listsNames && !files) return null;
    const grepRecursive = program !== 'rg' && (/[rR]/.test(flags) || rest.includes('--recursive'));
    if (program !== 'rg' && !grepRecursive) return null;
    const words = searchOperands(program, argv, !files);
    const follows =
      program === 'rg'
        ? flags.includes('L') || rest.includes('--follow')
        : flags.includes('R') || rest.includes('--dereference-recursive');
    return {
      roots: words,
      how: program === 'rg' ? rgDescent(argv) : { hidden: true, ignoredToo: true, follows },
      filter: searchFilter(program, argv),
      listsLinks: follows,
      bareNames: words.length === 0,
      nul:
        program === 'rg'
          ? rest.some((w) => w === '-0' || w === '--null')
          : flags.includes('Z') || rest.includes('--null'),
    };
  }
  return null;
}

/**
 * Whether a pathspec is an exclusion: the short form's magic signature (`:!`, `:^`, with `/` beside
 * them, ending at `:` or the pattern) or the long form's list (`:(exclude)`, `:(top,exclude)`).
 */
function excludesOnly(spec: string): boolean {
  if (!spec.startsWith(':')) return false;
  if (spec.startsWith(':(')) {
    const close = spec.indexOf(')');
    return (
      close > 0 &&
      spec
        .slice(2, close)
        .split(',')
        .some((m) => m.trim() === 'exclude')
    );
  }
  const signature = /^:([/!^]*)/.exec(spec)![1]!;
  return /[!^]/.test(signature);
}

/**
 * What git pathspecs list below the directory git runs in, when one of them is a pattern: a file is
 * listed when its path from there matches a pattern whole (`*` and `?` across folders, as git's
 * `'*.ts'` lists `src/deep/b.ts`), or starts with a name given plainly. Caseless, which lists more
 * than git on a file system that tells case apart. Null for a pathspec that climbs out of the
 * directory (`../*`, `/x`), one with a backslash, or a pattern this reads not: such a list is not read.
 */
function pathspecFilter(specs: readonly string[]): SearchFilter | null {
  const patterns: RegExp[] = [];
  for (const raw of specs) {
    // git reads `a/./b`, `a//b`, `./a` and `a/.` as `a/b`, `a/b`, `a` and `a`; a backslash may
    // escape a slash or a dot, which is not read here.
    if (raw.startsWith('/') || raw.includes('\\')) return null;
    const segments = raw.split('/').filter((c) => c !== '' && c !== '.');
    if (segments.includes('..')) return null;
    const spec = segments.join('/');
    const pattern = spec === '' ? /^/ : wildcardPattern(spec);
    if (pattern === null) return null;
    patterns.push(pattern);
  }
  return {
    filtersFiles: true,
    reads: (below) => patterns.some((p) => p.test(below)),
    skipsDir: () => false,
  };
}

/** A pathspec as git matches it without `:(glob)`: a pattern whole, a plain name as itself or a folder. */
function wildcardPattern(spec: string): RegExp | null {
  if (!/[*?[\]]/.test(spec)) return new RegExp(`^${escapeRegExp(spec.replace(/\/+$/, ''))}(/.*)?$`, 'is');
  let out = '';
  for (let i = 0; i < spec.length; i++) {
    const ch = spec[i]!;
    if (ch === '*') out += '.*';
    else if (ch === '?') out += '.';
    else if (ch === '\\') {
      if (i + 1 >= spec.length) return null;
      out += escapeRegExp(spec[++i]!);
    } else if (ch === '[') {
      const close = spec.indexOf(']', i + 2);
      if (close === -1) return null;
      let set = spec.slice(i + 1, close);
      const negated = set.startsWith('!') || set.startsWith('^');
      if (negated) set = set.slice(1);
      if (set === '' || set.includes('[') || set.includes('\\')) return null;
      out += `[${negated ? '^' : ''}${set.replace(/[\]^]/g, '\\$&')}]`;
      i = close;
    } else out += escapeRegExp(ch);
  }
  return new RegExp(`^${out}$`, 'is');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/**
 * A search's starting points: its words that are neither options nor option values, after its
 * pattern when it takes one (`-e`/`-f` give the pattern instead).
 */
function searchOperands(program: string, argv: readonly string[], takesPattern: boolean): string[] {
  const values = VALUE_FLAGS[program] ?? {};
  const out: string[] = [];
  let pattern = takesPattern && !argv.some((w) => w === '-e' || w === '-f' || /^--(regexp|file)(=|$)/.test(w));
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i]!;
    if (w === '-e' || w === '-f' || w === '--regexp' || w === '--file') {
      i++;
      continue;
    }
    if (values[w] !== undefined) {
      i += values[w];
      continue;
    }
    if (w.startsWith('-')) continue;
    if (pattern) {
      pattern = false;
      continue;
    }
    out.push(w);
  }
  return out;
}

/** Options of xargs this rule reads: how it splits its input and batches, never what it runs. */
const XARGS_FLAGS = /^(-0|--null|-r|--no-run-if-empty|-t|--verbose|-x|--exit)$/;
const XARGS_VALUES = /^(-n|-L|-P|-s|--max-args|--max-lines|--max-procs|--max-chars)$/;

/** The command xargs runs (with `-I R`, the replaced words removed), or why it is not read. */
export function readXargs(
  argv: readonly string[],
): { ok: true; argv: string[]; offset: number[] } | { ok: false; reason: string } {
  let i = 1;
  let replace: string | null = null;
  for (; i < argv.length; i++) {
    const w = argv[i]!;
    if (XARGS_FLAGS.test(w)) continue;
    if (XARGS_VALUES.test(w)) {
      i++;
      continue;
    }
    if (/^(-n|-L|-P|-s)\d+$/.test(w) || /^--max-(args|lines|procs|chars)=\d+$/.test(w)) continue;
    if (w === '-I') {
      replace = argv[++i] ?? null;
      continue;
    }
    if (w.startsWith('-I') && w.length > 2) {
      replace = w.slice(2);
      continue;
    }
    if (w === '-i' || w === '--replace') {
      replace = '{}';
      continue;
    }
    if (w.startsWith('-')) return { ok: false, reason: `xargs ${w} is an option this rule does not read` };
    break;
  }
  if (replace === '') return { ok: false, reason: 'xargs -I takes a replacement string' };
  // xargs never replaces in the program's own name: the replace string there is the program.
  if (replace !== null && argv[i]?.includes(replace))
    return { ok: false, reason: `xargs -I ${replace} would run ${argv[i]} as the program` };
  const kept: number[] = [];
  for (let k = i; k < argv.length; k++) {
    if (replace !== null && argv[k] === replace) continue;
    if (replace !== null && argv[k]!.includes(replace))
      return { ok: false, reason: `xargs -I puts each line inside the word ${argv[k]}` };
    kept.push(k);
  }
  if (kept.length === 0) return { ok: false, reason: 'xargs runs each line of its input as a program' };
  return { ok: true, argv: kept.map((k) => argv[k]!), offset: kept };
}

/** Programs that may stand between a producer and xargs: they pass on some of its lines, unchanged. */
export function passesLinesOn(argv: readonly string[]): boolean {
  const program = argv[0];
  const operands = argv.slice(1).filter((w) => !w.startsWith('-'));
  if (program === 'grep' || program === 'egrep' || program === 'fgrep')
    // Only options that keep each line as it is: -v -i -E -F -w -x (-n, -c, -l, -o would change the names).
    return operands.length === 1 && argv.slice(1).every((w) => !w.startsWith('-') || /^-[viEFwx]+$/.test(w));
  if (program === 'head' || program === 'tail') {
    for (let i = 1; i < argv.length; i++) {
      const w = argv[i]!;
      if (/^-n?\d+$/.test(w)) continue;
      if (w === '-n' && /^\d+$/.test(argv[i + 1] ?? '')) {
        i++;
        continue;
      }
      return false;
    }
    return true;
  }
  if (program === 'sort') return argv.slice(1).every((w) => /^-[urfV]+$/.test(w));
  if (program === 'uniq') return argv.slice(1).length === 0;
  return false;
}
