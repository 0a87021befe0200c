// An independent oracle for the run list, written from seed 003 §5's table and SPEC §7 directly —
// it shares no code with src/main/policy. The property tests assert that the policy says "auto"
// exactly when this oracle admits the argv. Paths are answered by the test's own map of the
// fixture (which shapes are inside, files, directories), not by the resolver.
//
// Decisions the table leaves open, taken the strict way (and documented in the policy too):
// values never begin with '-'; `--` is accepted only by the plain GNU readers; unittest is reached
// only through `python -m`; diff takes no directory; node without --test needs a script file first;
// `python x.py` needs an existing .py file and nothing else; a <word> is never only dots.

export interface PathFacts {
  ok: boolean;
  file: boolean;
  dir: boolean;
}
export type PathOracle = (p: string) => PathFacts;

type K = 'sw' | 'word' | 'glob' | 'n' | 're' | 'list' | 'path' | 'plugin';

interface Row {
  sub?: string[];
  subRequired?: boolean;
  /** Other subcommands of the program: standing first, never admitted. */
  notSub?: string[];
  letters?: string; // single-letter switches
  letterValues?: Record<string, K>;
  longs?: Record<string, K>;
  dashWords?: Record<string, K>; // read whole: go, cargo
  dashWordsEq?: boolean;
  dd?: boolean;
  /** Letters only as words of their own (`-t v`); `eq`: `-t=v` too. tsc, vitest (mri), jest (yargs). */
  wholeLetters?: { eq: boolean };
  /** `@file` expands to more arguments (argparse fromfile in pytest and mypy, tsc response files). */
  atFiles?: boolean;
  /** Options only before the first operand (node hands the rest to the script). */
  optionsFirst?: boolean;
  /** A value-taking letter takes the next word only, so it must end its cluster (tree). */
  valueLast?: boolean;
  /** Flags that must be present (sed -n). */
  needs?: string[];
  /** Path operands: at least / at most. */
  min?: number;
  max?: number;
  /** Path operands the program descends into (only the tests' own HOME checks need it). */
  ops:
    | 'paths'
    | 'none'
    | 'pattern'
    | 'words'
    | 'any'
    | 'go'
    | 'npm'
    | 'make'
    | 'modules'
    | 'which'
    | 'uniq'
    | 'diff'
    | 'node'
    | 'sed'
    | 'jq'
    | 'sets'
    | 'text'
    | 'date';
}

const ROWS: Record<string, Row> = {
  node: { longs: { '--test': 'sw' }, optionsFirst: true, ops: 'node' },
  pytest: {
    letters: 'qxv',
    letterValues: { k: 'word', p: 'plugin' },
    longs: { '--maxfail': 'n' },
    atFiles: true,
    ops: 'paths',
  },
  unittest: { ops: 'modules' },
  go: {
    sub: ['test', 'build', 'vet', 'fmt'],
    subRequired: true,
    dashWords: { '-v': 'sw', '-run': 're' },
    dashWordsEq: true,
    ops: 'go',
  },
  cargo: {
    sub: ['test', 'build', 'check', 'clippy', 'fmt'],
    subRequired: true,
    letters: 'v',
    longs: { '--release': 'sw' },
    dashWords: { '-run': 're' },
    ops: 'words',
  },
  make: { ops: 'make' },
  tsc: {
    letterValues: { p: 'path' },
    longs: { '--project': 'path', '--noEmit': 'sw' },
    wholeLetters: { eq: false },
    atFiles: true,
    ops: 'paths',
  },
  vitest: {
    sub: ['run'],
    notSub: ['watch', 'dev', 'bench', 'init', 'list', 'related', 'typecheck', 'help'],
    letterValues: { t: 'word' },
    wholeLetters: { eq: true },
    ops: 'paths',
  },
  jest: { sub: ['run'], letterValues: { t: 'word' }, wholeLetters: { eq: true }, ops: 'paths' },
  eslint: { longs: { '--fix': 'sw' }, ops: 'paths' },
  prettier: { longs: { '--check': 'sw', '--write': 'sw' }, ops: 'paths' },
  ruff: {
    sub: ['check', 'format'],
    notSub: ['server', 'clean', 'rule', 'config', 'linter', 'version', 'help', 'analyze', 'generate-shell-completion'],
    longs: { '--check': 'sw', '--fix': 'sw' },
    atFiles: true,
    ops: 'paths',
  },
  black: { longs: { '--check': 'sw' }, ops: 'paths' },
  mypy: { longs: { '--check': 'sw' }, atFiles: true, ops: 'paths' },
  ls: { letters: 'laA1hRtSrdFpisn', longs: { '--color=never': 'sw' }, dd: true, ops: 'paths' },
  cat: { dd: true, ops: 'paths' },
  head: { letterValues: { n: 'n', c: 'n' }, dd: true, ops: 'paths' },
  tail: { letterValues: { n: 'n', c: 'n' }, dd: true, ops: 'paths' },
  wc: { letters: 'lcw', dd: true, ops: 'paths' },
  grep: { letters: 'nirEFwcl', longs: { '--include': 'glob' }, dd: true, ops: 'pattern' },
  rg: {
    letters: 'niwlc',
    letterValues: { g: 'glob', t: 'word' },
    longs: { '--no-follow': 'sw' },
    dd: true,
    ops: 'pattern',
  },
  diff: { letters: 'u', dd: true, ops: 'diff' },
  sort: { letters: 'nrufbdghMVsc', letterValues: { k: 'word', t: 'word' }, dd: true, ops: 'paths' },
  // BSD uniq and xxd read a word after the first operand as their output file: options come first.
  uniq: { letters: 'c', dd: true, optionsFirst: true, ops: 'uniq' },
  echo: { letters: 'n', ops: 'any' },
  pwd: { letters: 'LP', ops: 'none' },
  // issue 19's readers, each from its manual (GNU and BSD): only what neither writes, runs, follows a
  // link nor reads a file named by a flag.
  sed: { letters: 'nE', dd: true, needs: ['-n'], ops: 'sed' },
  nl: { letterValues: { b: 'word', n: 'word', w: 'n', s: 'word', v: 'n', i: 'n' }, dd: true, ops: 'paths' },
  tac: { letters: 'br', letterValues: { s: 'word' }, dd: true, ops: 'paths' },
  rev: { dd: true, ops: 'paths' },
  fold: { letters: 'sb', letterValues: { w: 'n' }, dd: true, ops: 'paths' },
  expand: { letters: 'i', letterValues: { t: 'n' }, dd: true, ops: 'paths' },
  cut: {
    letters: 'sn',
    letterValues: { b: 'list', c: 'list', f: 'list', d: 'word' },
    longs: { '--complement': 'sw' },
    dd: true,
    ops: 'paths',
  },
  tr: { letters: 'dscCt', ops: 'sets' },
  column: { letters: 'tx', letterValues: { s: 'word', c: 'n' }, dd: true, ops: 'paths' },
  paste: { letters: 's', letterValues: { d: 'word' }, dd: true, ops: 'paths' },
  join: {
    letters: 'i',
    letterValues: { '1': 'n', '2': 'n', t: 'word', a: 'n', v: 'n', j: 'n' },
    dd: true,
    max: 2,
    ops: 'paths',
  },
  comm: { letters: '123', dd: true, max: 2, ops: 'paths' },
  file: { letters: 'bikh', longs: { '--mime-type': 'sw', '--mime': 'sw', '--brief': 'sw' }, dd: true, ops: 'paths' },
  stat: {
    letters: 't',
    letterValues: { c: 're' },
    longs: { '--format': 're', '--terse': 'sw' },
    dd: true,
    ops: 'paths',
  },
  du: { letters: 'shackmx', letterValues: { d: 'n' }, longs: { '--max-depth': 'n' }, dd: true, ops: 'paths' },
  tree: {
    letters: 'adfishpDFCnx',
    letterValues: { L: 'n', I: 'glob', P: 'glob' },
    longs: { '--noreport': 'sw', '--dirsfirst': 'sw' },
    valueLast: true,
    ops: 'paths',
  },
  realpath: { letters: 'emsqz', dd: true, min: 1, ops: 'paths' },
  basename: { letters: 'az', letterValues: { s: 'word' }, dd: true, min: 1, ops: 'paths' },
  dirname: { letters: 'z', dd: true, min: 1, ops: 'paths' },
  cmp: { letters: 'bls', letterValues: { n: 'n', i: 'n' }, dd: true, max: 2, ops: 'paths' },
  xxd: {
    letters: 'upibed',
    letterValues: { c: 'n', g: 'n', l: 'n', s: 'n', o: 'n' },
    wholeLetters: { eq: false },
    optionsFirst: true,
    max: 1,
    ops: 'paths',
  },
  od: { letters: 'vcxbdo', letterValues: { A: 'word', t: 'word', N: 'n', j: 'n' }, dd: true, ops: 'paths' },
  hexdump: { letters: 'Cvxcdob', letterValues: { n: 'n', s: 'n' }, dd: true, ops: 'paths' },
  strings: { letters: 'afw', letterValues: { n: 'n', t: 'word' }, dd: true, atFiles: true, ops: 'paths' },
  jq: {
    letters: 'rjcnseSMaCR',
    longs: Object.fromEntries(
      [
        '--raw-output',
        '--compact-output',
        '--slurp',
        '--null-input',
        '--sort-keys',
        '--tab',
        '--exit-status',
        '--join-output',
        '--ascii-output',
        '--monochrome-output',
        '--raw-input',
      ].map((f) => [f, 'sw' as K]),
    ),
    ops: 'jq',
  },
  date: { letters: 'uRI', longs: { '--utc': 'sw' }, ops: 'date' },
  true: { ops: 'none' },
  false: { ops: 'none' },
  printf: { ops: 'text' },
  which: { ops: 'which' },
};
for (const sum of ['md5sum', 'sha1sum', 'sha256sum'])
  ROWS[sum] = { letters: 'btz', longs: { '--tag': 'sw' }, dd: true, ops: 'paths' };
for (const pm of ['npm', 'pnpm', 'yarn', 'bun'])
  ROWS[pm] = { sub: ['run', 'test', 'build', 'lint', 'typecheck'], subRequired: true, ops: 'npm' };

function isPlainWord(w: string): boolean {
  if (w.length === 0) return false;
  for (const ch of w) {
    const c = ch.codePointAt(0) as number;
    // Controls, DEL, C1 controls and the invisible spaces/format characters the tests generate.
    if (c < 0x21 || (c >= 0x7f && c <= 0xa0) || [0xad, 0x200b, 0x202e, 0x3000, 0xfeff].includes(c)) return false;
    if ('$`~|;&<>(){}[]\\\'"'.includes(ch)) return false;
  }
  return true;
}

const gitLike = (c: string) => /^\.git[. ]*$/i.test(c) || /^git~1$/i.test(c);

function isModule(name: string, po: PathOracle): boolean {
  return name !== '' && ((po(`${name}.py`).ok && po(`${name}.py`).file) || (po(name).ok && po(name).dir));
}

function valueOk(k: K, v: string, po: PathOracle): boolean {
  if (v === '' || v[0] === '-') return false;
  if (k === 'word') return !/[/\\]/.test(v) && !/^\.+$/.test(v);
  // pytest -p imports a module: `no:<name>`, or one of the project's (<name>.py or <name>/).
  if (k === 'plugin') return valueOk('word', v, po) && (v.startsWith('no:') || isModule(v.split('.')[0]!, po));
  if (k === 'n') return /^[0-9]+$/.test(v);
  if (k === 'list') return /^[0-9][-0-9,]*$/.test(v);
  if (k === 're') return true;
  if (k === 'glob') {
    const body = v[0] === '!' ? v.slice(1) : v;
    if (body[0] === '/') return false;
    return body.split('/').every((c) => c !== '..' && !gitLike(c));
  }
  if (k === 'path') return po(v).ok;
  return false;
}

/** Reads flags and operands; returns the operands and flags seen, or null when anything is outside the row. */
function scan(row: Row, args: string[], po: PathOracle): { ops: string[]; seen: string[] } | null {
  const ops: string[] = [];
  const seen: string[] = [];
  let dd = false;
  if (row.atFiles && args.some((a) => a[0] === '@')) return null;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w[0] !== '-') {
      ops.push(w);
      continue;
    }
    if (dd || w === '-') return null;
    if (row.optionsFirst && ops.length > 0) return null;
    if (w === '--') {
      if (!row.dd) return null;
      dd = true;
      continue;
    }
    const [name, ...restParts] = w.split('=');
    const eqValue = w.includes('=') ? restParts.join('=') : null;
    const dw = row.dashWords?.[name!];
    if (dw !== undefined) {
      if (dw === 'sw') {
        if (eqValue !== null) return null;
      } else if (eqValue !== null) {
        if (!row.dashWordsEq || !valueOk(dw, eqValue, po)) return null;
      } else {
        if (i + 1 >= args.length || !valueOk(dw, args[i + 1]!, po)) return null;
        i++;
      }
      seen.push(name!);
      continue;
    }
    if (w.startsWith('--')) {
      // A switch listed with its one value (`--color=never`), spelled exactly.
      if (eqValue !== null && row.longs?.[w] === 'sw') {
        seen.push(w);
        continue;
      }
      const lk = row.longs?.[name!];
      if (lk === undefined) return null;
      if (lk === 'sw') {
        if (eqValue !== null) return null;
      } else if (eqValue !== null) {
        if (!valueOk(lk, eqValue, po)) return null;
      } else {
        if (i + 1 >= args.length || !valueOk(lk, args[i + 1]!, po)) return null;
        i++;
      }
      seen.push(name!);
      continue;
    }
    if (row.wholeLetters && w.length > 2) {
      const vk = row.letterValues?.[w[1]!];
      if (!row.wholeLetters.eq || w[2] !== '=' || vk === undefined || !valueOk(vk, w.slice(3), po)) return null;
      seen.push(w.slice(0, 2));
      continue;
    }
    // A cluster of letters.
    let j = 1;
    for (; j < w.length; j++) {
      const letter = w[j]!;
      if ((row.letters ?? '').includes(letter)) {
        seen.push(`-${letter}`);
        continue;
      }
      const vk = row.letterValues?.[letter];
      if (vk === undefined) return null;
      let rest = w.slice(j + 1);
      if (rest !== '' && row.valueLast) return null;
      if (rest === '') {
        if (i + 1 >= args.length || !valueOk(vk, args[i + 1]!, po)) return null;
        i++;
      } else {
        // getopt hands `-b=1-` to the program as "=1-": both readings must be values of the kind
        // (a number is read and refused by the program itself, so only the second counts there).
        if (rest[0] === '=') {
          if (vk !== 'n' && !valueOk(vk, rest, po)) return null;
          rest = rest.slice(1);
        }
        if (!valueOk(vk, rest, po)) return null;
      }
      seen.push(`-${letter}`);
      break;
    }
  }
  return { ops, seen };
}

function wordOk(w: string): boolean {
  return valueOk('word', w, () => ({ ok: false, file: false, dir: false }));
}

function rowAdmits(name: string, row: Row, args: string[], po: PathOracle): boolean {
  if (row.sub) {
    if (args.length > 0 && row.sub.includes(args[0]!)) args = args.slice(1);
    else if (row.subRequired || (args.length > 0 && row.notSub?.includes(args[0]!))) return false;
  }
  const s = scan(row, args, po);
  if (s === null) return false;
  const { ops, seen } = s;
  if (row.needs && !row.needs.every((f) => seen.includes(f))) return false;
  const allPaths = (list: string[]) => list.every((p) => po(p).ok);
  switch (row.ops) {
    case 'paths':
      if (row.min !== undefined && ops.length < row.min) return false;
      if (row.max !== undefined && ops.length > row.max) return false;
      return allPaths(ops);
    case 'sed':
      // One command: an optional address or range, then p. Nothing that writes, reads or runs.
      return ops.length >= 1 && SED_PRINT_ONLY.test(ops[0]!) && allPaths(ops.slice(1));
    case 'jq':
      return ops.length >= 1 && jqFilterOk(ops[0]!) && allPaths(ops.slice(1));
    case 'sets':
      return ops.length >= 1 && ops.length <= 2;
    case 'text':
      return ops.length >= 1;
    case 'date':
      return ops.length === 0 || (ops.length === 1 && ops[0]![0] === '+');
    case 'none':
      return ops.length === 0;
    case 'any':
      return true;
    case 'pattern':
      return ops.length >= 1 && allPaths(ops.slice(1));
    case 'words':
      return ops.every(wordOk);
    case 'modules':
      // unittest imports each word: its first dotted element must be a module of the project.
      return ops.every((w, i) => wordOk(w) && ((w === 'discover' && i === 0) || isModule(w.split('.')[0]!, po)));
    case 'make':
      return ops.every((w) => wordOk(w) && /^[A-Za-z0-9:_.-]+$/.test(w));
    case 'npm':
      // bun also reads the word as a file when there is one: it must be a fine path too.
      return (
        ops.length <= 1 && ops.every((w) => wordOk(w) && /^[a-z0-9:_.-]+$/.test(w) && (name !== 'bun' || po(w).ok))
      );
    case 'which':
      return ops.length === 1 && wordOk(ops[0]!);
    case 'uniq':
      return ops.length <= 1 && allPaths(ops);
    case 'diff':
      return ops.every((p) => po(p).ok && !po(p).dir);
    case 'node':
      if (seen.includes('--test')) return allPaths(ops);
      return ops.length >= 1 && po(ops[0]!).file && allPaths(ops);
    case 'go':
      return ops.every((op) => {
        if (['all', 'std', 'cmd', 'tool'].includes(op)) return false;
        const base = op === './...' ? '.' : op.endsWith('/...') ? op.slice(0, -4) : op;
        if (base === '' || base.includes('...') || !po(base).ok) return false;
        // Go reads a word not beginning with `.` (and not a .go file) as an import path: only a
        // directory of the project, and never a dotted (module) first element, is this project's.
        if (op.startsWith('.') || op.endsWith('.go')) return true;
        return !base.split('/')[0]!.includes('.') && po(base).dir;
      });
  }
  return false;
}

const SED_ADDR = '(\\d+|\\$|/[^/]*/)';
const SED_PRINT_ONLY = new RegExp(`^(${SED_ADDR}(,${SED_ADDR})?)?p$`);

/** A jq filter that loads no module, reads no environment and no input beyond the named files. */
function jqFilterOk(f: string): boolean {
  if (!/^[\w.,:?"'@ +*/%=!<>-]+$/.test(f)) return false;
  const reaching = [
    'import',
    'include',
    'modulemeta',
    'get_search_list',
    'env',
    'input',
    'inputs',
    'input_filename',
    'get_prog_origin',
    'get_jq_origin',
  ];
  return !(f.match(/[A-Za-z_]\w*/g) ?? []).some((name) => reaching.includes(name));
}

const FIND: Record<string, K> = {
  '-name': 'glob',
  '-iname': 'glob',
  '-type': 'word',
  '-maxdepth': 'n',
  '-mindepth': 'n',
  '-path': 'glob',
  '-newer': 'path',
  '-size': 'word',
  '-not': 'sw',
  '-o': 'sw',
  '-a': 'sw',
};

function findAdmits(args: string[], po: PathOracle): boolean {
  let i = 0;
  if (args.length > 0 && args[0]![0] !== '-' && !['!', '(', ')', ','].includes(args[0]!)) {
    if (!po(args[0]!).ok) return false;
    i = 1;
  }
  for (; i < args.length; i++) {
    const k = FIND[args[i]!];
    if (k === undefined) return false;
    if (k === 'sw') continue;
    if (i + 1 >= args.length || !valueOk(k, args[i + 1]!, po)) return false;
    i++;
  }
  return true;
}

function npxPieceOk(piece: string): boolean {
  return piece[0] !== '/' && piece[0] !== '~' && piece.split('/').every((c) => c !== '..' && !gitLike(c));
}

/** A piece that names something must name it inside, through no link (`--outDir=outdir` → a link out). */
function npxPieceInside(piece: string, po: PathOracle): boolean {
  const p = piece.replace(/\/+$/, '');
  return p === '' || p === '.' || p[0] === '-' || po(p).ok;
}

function npxAdmits(args: string[], binsHere: readonly string[], po: PathOracle): boolean {
  if (args.length === 0 || !binsHere.includes(args[0]!)) return false;
  return args.slice(1).every((a) => {
    // A word with spaces may be a command line (cross-env); percent-decoded, it may be a path; a
    // data: or javascript: URL is code.
    let plain = a;
    try {
      plain = a.includes('%') ? decodeURIComponent(a) : a;
    } catch {
      /* does not decode: read as written */
    }
    for (const form of [a, plain]) {
      if (/(?:^|[^a-z0-9+.-])(?:data|javascript):/i.test(form)) return false;
      if (!form.split(/[=,:@\s]/).every((p) => npxPieceOk(p))) return false;
    }
    if (!a.split(/[=,:@\s]/).every((p) => npxPieceInside(p, po))) return false;
    if (a[0] === '-' && a[1] !== '-') {
      for (let k = 2; k < a.length; k++) if (!npxPieceInside(a.slice(k), po)) return false;
    }
    // `-o/tmp/x`: a short option's value may be attached after any letters.
    if (a[0] === '-' && a[1] !== '-') {
      for (let k = 1; k < a.length; k++) if (!npxPieceOk(a.slice(k))) return false;
    }
    return true;
  });
}

/** Whether the oracle admits this command (run mode, cwd = workspace root, no lockfiles present). */
export function oracleAdmits(words: string[], po: PathOracle, binsHere: readonly string[]): boolean {
  if (words.length === 0 || !words.every(isPlainWord)) return false;
  const [program, ...args] = words;
  if (program === 'find') return findAdmits(args, po);
  if (program === 'npx') return npxAdmits(args, binsHere, po);
  if (program === 'python' || program === 'python3') {
    if (args.length === 0) return false;
    let module: string | undefined;
    let rest: string[];
    if (args[0] === '-m') {
      module = args[1];
      rest = args.slice(2);
    } else if (/^-m[^=]/.test(args[0]!)) {
      module = args[0]!.slice(2);
      rest = args.slice(1);
    } else {
      return args.length === 1 && args[0]![0] !== '-' && args[0]!.endsWith('.py') && po(args[0]!).file;
    }
    if (module === undefined || !['pytest', 'unittest', 'mypy', 'ruff', 'black'].includes(module)) return false;
    return rowAdmits(module, ROWS[module]!, rest, po);
  }
  if (program === 'unittest') return false;
  const row = ROWS[program!];
  return row !== undefined && rowAdmits(program!, row, args, po);
}
