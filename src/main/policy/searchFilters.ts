// Which files below its starting point a recursive search reads, from the filters it is given:
// grep's --include/--exclude/--exclude-dir and rg's -g/--glob/--iglob and -t/--type. Contained mode
// (policy/contained.ts) asks it so that `grep -r TODO . --include="*.py"` is not carded for a `.env`
// it never opens. Every answer leans to "read": a filter this module does not understand reads
// everything, and a glob is matched both with and without a leading dot matching `*` (grep's and
// rg's matchers differ there), a file counting as read when either reading reads it.

import { wordTable } from '../../shared/wordTable';

/** What a search reads below its start; paths are relative to the start, `/`-separated. */
export interface SearchFilter {
  /** Whether the file at `below` is read. */
  reads(below: string): boolean;
  /** Whether the directory at `below` is skipped with everything in it. */
  skipsDir(below: string): boolean;
  /** Whether any file filter is given (a secrets folder is then judged by its files, not its name). */
  filtersFiles: boolean;
}

/**
 * Whether `glob` matches `name`. A glob this module cannot read matches when it would include and
 * never when it would exclude, so a misread glob only ever makes more files count as read.
 */
type Matcher = (glob: string, name: string, ignoreCase: boolean, include: boolean) => boolean;

const UNKNOWN: unique symbol = Symbol('unknown');

/** A glob (`*`, `?`, `[…]`, `{a,b}`) as a regular expression over one name, or UNKNOWN. */
function globRegex(glob: string, dotMatches: boolean, ignoreCase: boolean, braces: boolean): RegExp | typeof UNKNOWN {
  let out = '';
  let depth = 0;
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    const leading = i === 0 && !dotMatches ? '(?!\\.)' : '';
    if (ch === '*') out += `${leading}[^/]*`;
    else if (ch === '?') out += `${leading}[^/]`;
    else if (ch === '[') {
      // As fnmatch and globset read a set: `!` or `^` first negates it, and a `]` first (after
      // those) is a member, not its end (`[]n]` is `]` or `n`).
      const negated = glob[i + 1] === '!' || glob[i + 1] === '^';
      const first = i + 1 + (negated ? 1 : 0);
      const end = glob.indexOf(']', first + 1);
      if (end < 0) return UNKNOWN;
      const set = glob.slice(first, end);
      if (/[[\\]/.test(set)) return UNKNOWN;
      out += `[${negated ? '^' : ''}${set.replace(/[\]^]/g, '\\$&')}]`;
      i = end;
    } else if (ch === '{' && braces) {
      depth++;
      out += '(?:';
    } else if (ch === '}' && depth > 0) {
      depth--;
      out += ')';
    } else if (ch === ',' && depth > 0) out += '|';
    else if (ch === '\\') {
      const next = glob[i + 1];
      if (next === undefined) return UNKNOWN;
      out += next.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      i++;
    } else out += ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  if (depth !== 0) return UNKNOWN;
  return new RegExp(`^${out}$`, ignoreCase ? 'i' : '');
}

/**
 * Two readings of a glob against a base name: `*` matching a leading dot, and not. `braces`: the
 * program reads `{a,b}` (rg's globset does; GNU grep's fnmatch does not, `{` is a letter there).
 */
function matchers(braces: boolean): readonly { matches: Matcher }[] {
  return [true, false].map((dotMatches) => ({
    matches: (glob, name, ignoreCase, include) => {
      const re = globRegex(glob, dotMatches, ignoreCase, braces);
      return re === UNKNOWN ? include : re.test(name);
    },
  }));
}
const GREP_MATCHERS = matchers(false);
const RG_MATCHERS = matchers(true);

function baseName(below: string): string {
  const slash = below.lastIndexOf('/');
  return slash < 0 ? below : below.slice(slash + 1);
}

/** The value of `--name=value`, `--name value` or `-X value`/`-Xvalue` at `i`, with the index after it. */
function valueAt(
  argv: readonly string[],
  i: number,
  long: string,
  short?: string,
): { value: string; next: number } | null {
  const w = argv[i]!;
  if (w === long || (short !== undefined && w === short))
    return argv[i + 1] === undefined ? null : { value: argv[i + 1]!, next: i + 1 };
  if (w.startsWith(`${long}=`)) return { value: w.slice(long.length + 1), next: i };
  if (short !== undefined && w.startsWith(short) && w.length > short.length && !w.startsWith('--'))
    return { value: w.slice(short.length), next: i };
  return null;
}

/**
 * GNU grep: the last --include or --exclude whose glob matches the base name decides; when none
 * matches, the file is read unless the first of them is an --include. --exclude-dir skips a folder
 * whose base name matches.
 */
function grepFilter(argv: readonly string[]): SearchFilter | null {
  const files: { include: boolean; glob: string }[] = [];
  const dirs: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    if (argv[i] === '--') break;
    const inc = valueAt(argv, i, '--include');
    const exc = inc ? null : valueAt(argv, i, '--exclude');
    const dir = inc || exc ? null : valueAt(argv, i, '--exclude-dir');
    const hit = inc ?? exc ?? dir;
    if (!hit) continue;
    if (dir) dirs.push(hit.value);
    else files.push({ include: inc !== null, glob: hit.value });
    i = hit.next;
  }
  if (files.length === 0 && dirs.length === 0) return null;
  const readsUnder = (m: Matcher, name: string): boolean => {
    for (let k = files.length - 1; k >= 0; k--) {
      if (m(files[k]!.glob, name, false, files[k]!.include)) return files[k]!.include;
    }
    return files.length === 0 || !files[0]!.include;
  };
  return {
    filtersFiles: files.length > 0,
    reads: (below) => GREP_MATCHERS.some((m) => readsUnder(m.matches, baseName(below))),
    // Skipped only when every reading skips it.
    skipsDir: (below) =>
      dirs.length > 0 &&
      GREP_MATCHERS.every((m) => dirs.some((g) => !g.includes('/') && m.matches(g, baseName(below), false, false))),
  };
}

/** rg's built-in types this rule knows, as rg defines them (`rg --type-list`); any other reads everything. */
const RG_TYPES: Readonly<Record<string, readonly string[]>> = wordTable({
  py: ['*.py', '*.pyi'],
  python: ['*.py', '*.pyi'],
  ts: ['*.ts', '*.tsx', '*.cts', '*.mts'],
  typescript: ['*.ts', '*.tsx', '*.cts', '*.mts'],
  js: ['*.js', '*.jsx', '*.mjs', '*.cjs', '*.vue'],
  rust: ['*.rs'],
  go: ['*.go'],
  java: ['*.java', '*.jsp', '*.jspx', '*.properties'],
  c: ['*.[chH]', '*.[chH].in', '*.cats'],
  cpp: [
    '*.[ChH]',
    '*.cc',
    '*.[ch]pp',
    '*.[ch]xx',
    '*.hh',
    '*.inl',
    '*.[ChH].in',
    '*.cc.in',
    '*.[ch]pp.in',
    '*.[ch]xx.in',
    '*.hh.in',
  ],
  md: ['*.markdown', '*.md', '*.mdown', '*.mdwn', '*.mkd', '*.mkdn', '*.mdx'],
  markdown: ['*.markdown', '*.md', '*.mdown', '*.mdwn', '*.mkd', '*.mkdn', '*.mdx'],
  css: ['*.css', '*.scss'],
  html: ['*.htm', '*.html', '*.ejs'],
  sh: ['*.bash', '*.csh', '*.ksh', '*.sh', '*.tcsh', '*.zsh', '.bashrc', '.bash_profile', '.zshrc', '.profile'],
  yaml: ['*.yaml', '*.yml'],
  toml: ['*.toml', 'Cargo.lock'],
  rb: ['*.rb', '*.gemspec', 'Gemfile', 'Rakefile', 'config.ru', '.irbrc'],
  ruby: ['*.rb', '*.gemspec', 'Gemfile', 'Rakefile', 'config.ru', '.irbrc'],
  sql: ['*.sql', '*.psql'],
  swift: ['*.swift'],
  kotlin: ['*.kt', '*.kts'],
  php: ['*.php', '*.php3', '*.php4', '*.php5', '*.phtml'],
  cs: ['*.cs'],
  json: ['*.json', 'composer.lock', '*.sarif'],
  svelte: ['*.svelte'],
  vue: ['*.vue'],
});

/**
 * rg: the last -g/--glob/--iglob that matches decides (`!glob` excludes); when none matches and a
 * glob that includes was given, the file is not searched. Without a glob's decision, `-t TYPE`
 * reads only the files of its types. A glob holding `/` is matched against the whole path, which
 * this rule reads as "maybe": it then includes everything and excludes nothing.
 */
function rgFilter(argv: readonly string[]): SearchFilter | null {
  const globs: { include: boolean; glob: string; ignoreCase: boolean }[] = [];
  const types: string[] = [];
  // --type-add and --type-clear redefine the types: the built-in table no longer says what they hold.
  if (argv.some((w) => /^--type-(add|clear)(=|$)/.test(w))) return null;
  const caseless = argv.includes('--glob-case-insensitive');
  for (let i = 1; i < argv.length; i++) {
    if (argv[i] === '--') break;
    const g = valueAt(argv, i, '--glob', '-g');
    const ig = g ? null : valueAt(argv, i, '--iglob');
    const t = g || ig ? null : valueAt(argv, i, '--type', '-t');
    const hit = g ?? ig ?? t;
    if (!hit) continue;
    if (t) types.push(hit.value);
    else {
      const include = !hit.value.startsWith('!');
      globs.push({ include, glob: include ? hit.value : hit.value.slice(1), ignoreCase: caseless || ig !== null });
    }
    i = hit.next;
  }
  if (globs.length === 0 && types.length === 0) return null;
  const whitelist = globs.some((g) => g.include);
  const decide = (m: Matcher, below: string, dir: boolean): boolean | null => {
    for (let k = globs.length - 1; k >= 0; k--) {
      const { glob, include, ignoreCase } = globs[k]!;
      const stripped = glob.replace(/^\/|\/$/g, '');
      const pathGlob = stripped.includes('/');
      if (pathGlob) {
        if (include && !dir) return true;
        continue;
      }
      if (m(stripped, baseName(below), ignoreCase, include)) return include;
    }
    return null;
  };
  const readsUnder = (m: Matcher, below: string): boolean => {
    const byGlob = decide(m, below, false);
    if (byGlob !== null) return byGlob;
    if (whitelist) return false;
    if (types.length === 0) return true;
    return types.some((t) => {
      const globsOfType = RG_TYPES[t];
      return globsOfType === undefined || globsOfType.some((g) => m(g, baseName(below), false, true));
    });
  };
  return {
    filtersFiles: true,
    reads: (below) => RG_MATCHERS.some((m) => readsUnder(m.matches, below)),
    skipsDir: (below) => RG_MATCHERS.every((m) => decide(m.matches, below, true) === false),
  };
}

const FILTERS: Readonly<Record<string, (argv: readonly string[]) => SearchFilter | null>> = wordTable({
  grep: grepFilter,
  egrep: grepFilter,
  fgrep: grepFilter,
  rg: rgFilter,
});

/**
 * What rg's globs and types override: a glob that includes is searched even when hidden or
 * git-ignored (rg applies it before those rules), and a type even when hidden.
 */
export function rgOverrides(argv: readonly string[]): { hidden: boolean; ignoredToo: boolean } {
  let glob = false;
  let type = false;
  for (let i = 1; i < argv.length; i++) {
    if (argv[i] === '--') break;
    const g = valueAt(argv, i, '--glob', '-g') ?? valueAt(argv, i, '--iglob');
    if (g) {
      if (!g.value.startsWith('!')) glob = true;
      i = g.next;
      continue;
    }
    const t = valueAt(argv, i, '--type', '-t');
    if (t) {
      type = true;
      i = t.next;
    }
  }
  return { hidden: glob || type, ignoredToo: glob };
}

/** The filter `program` with `argv` applies below its start, or null when it reads every file. */
export function searchFilter(program: string, argv: readonly string[]): SearchFilter | null {
  return FILTERS[program]?.(argv) ?? null;
}
