// What an interpreter given standard input (a pipe, `<` or a heredoc) takes that input for: its
// program, or data for a program named on its command line. Read from its words as the interpreter
// reads its own options, so that an option's value is never taken for the script (`python3 -W
// ignore` runs its input; `ignore` is the warnings filter), and a script that is standard input by
// another name (`-`, /dev/stdin, /dev/fd/0, /proc/self/fd/0) is the input. An option this rule does
// not know may take the next word as its value, so the script cannot be told: it counts as input.
import path from 'node:path';

/** How an interpreter's words say where its program comes from. */
export type InterpreterProgram =
  /** A `-c`/`-e` word, or a module (`python -m`): standard input is data. */
  | { from: 'words' }
  /** A script named by the word at `index`: standard input is data. */
  | { from: 'script'; index: number }
  /** Standard input: no script, `-` or a name of standard input (the word at `index`), `sh -s`. */
  | { from: 'input'; index?: number }
  /** An option this rule does not know, whose value may be the script. */
  | { from: 'unread'; option: string };

interface OptionTable {
  /** Short option letters that take no value (a cluster may hold several). */
  flags: string;
  /** Short option letters whose value is the rest of the cluster or the next word. */
  valued: string;
  /** Short letters after which the program is in the words (code, a module). */
  program: string;
  /** Short letters that make standard input the program (`sh -s`). */
  input?: string;
  /** Long options that take no value. */
  longFlags: readonly string[];
  /** Long options whose value is after `=` or the next word. */
  longValued: readonly string[];
  /** Long options after which the program is in the words. */
  longProgram?: readonly string[];
  /** Whether `+x` options are options (the shells'). */
  plus?: boolean;
}

const PYTHON: OptionTable = {
  flags: 'bBdEhiIOPqRsStuvVx3?',
  valued: 'WXQ',
  program: 'cm',
  longFlags: ['--help', '--version', '--help-env', '--help-xoptions', '--help-all'],
  longValued: ['--check-hash-based-pycs'],
};

const NODE: OptionTable = {
  flags: 'hivc',
  valued: 'rC',
  program: 'ep',
  longFlags: [
    '--abort-on-uncaught-exception',
    '--check',
    '--enable-source-maps',
    '--experimental-vm-modules',
    '--experimental-strip-types',
    '--experimental-transform-types',
    '--expose-gc',
    '--help',
    '--interactive',
    '--no-deprecation',
    '--no-warnings',
    '--pending-deprecation',
    '--preserve-symlinks',
    '--throw-deprecation',
    '--trace-deprecation',
    '--trace-uncaught',
    '--trace-warnings',
    '--version',
  ],
  longValued: [
    '--require',
    '--import',
    '--loader',
    '--experimental-loader',
    '--input-type',
    '--title',
    '--conditions',
    '--env-file',
    '--env-file-if-exists',
  ],
  longProgram: ['--eval', '--print'],
};

const SHELL: OptionTable = {
  flags: 'abefhklmnpuvxBCEHPTil',
  valued: 'oO',
  program: 'c',
  input: 's',
  longFlags: ['--login', '--noprofile', '--norc', '--posix', '--noediting', '--restricted', '--verbose'],
  longValued: ['--rcfile', '--init-file'],
  plus: true,
};

const RUBY: OptionTable = {
  flags: 'acdlnpsSvwyU',
  valued: 'IrCEFKTWx0',
  program: 'e',
  longFlags: ['--version', '--verbose', '--help', '--disable-gems', '--yjit', '--jit'],
  longValued: ['--encoding', '--external-encoding', '--internal-encoding', '--enable', '--disable'],
};

const PERL: OptionTable = {
  flags: 'acnpsStTuUvwWX',
  valued: 'CdDFiIlmM0x',
  program: 'eE',
  longFlags: ['--version', '--help'],
  longValued: [],
};

const PHP: OptionTable = {
  flags: 'ahHilmnqsvw',
  valued: 'cdfzt',
  program: 'rBRFE',
  longFlags: ['--version', '--help', '--no-php-ini'],
  longValued: ['--php-ini', '--define', '--file', '--zend-extension'],
  longProgram: ['--run', '--process-code', '--process-begin', '--process-end', '--process-file'],
};

const LUA: OptionTable = {
  flags: 'ivEW',
  valued: 'l',
  program: 'e',
  longFlags: [],
  longValued: [],
};

const TABLES: Readonly<Record<string, OptionTable>> = {
  python: PYTHON,
  python2: PYTHON,
  python3: PYTHON,
  node: NODE,
  nodejs: NODE,
  sh: SHELL,
  bash: SHELL,
  dash: SHELL,
  zsh: SHELL,
  ksh: SHELL,
  ruby: RUBY,
  perl: PERL,
  php: PHP,
  lua: LUA,
};

/**
 * Whether a script's name is standard input by another name: `-`, /dev/stdin, or a descriptor's
 * name (/dev/fd/N, /proc/self/fd/N; any N, since the sandbox's own descriptors are not the
 * command's to name), however the path is spelled.
 */
export function namesStandardInput(word: string): boolean {
  if (word === '-') return true;
  const name = path.posix.normalize(word);
  return /^\/dev\/stdin$|^\/dev\/fd(\/\d+)?\/?$|^\/proc\/(self|thread-self|\d+)\/fd(\/\d+)?\/?$/.test(name);
}

/**
 * Where the interpreter `program` takes its program from, read from its words (`argv[0]` is the
 * program). Interpreters without a table here: the first word that is not an option is the
 * script, and any option before it is one this rule does not read.
 */
export function interpreterProgram(program: string, argv: readonly string[]): InterpreterProgram {
  const table = TABLES[program];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i]!;
    if (w === '--') {
      const next = argv[i + 1];
      if (next === undefined) return { from: 'input' };
      if (namesStandardInput(next)) return { from: 'input', index: i + 1 };
      return { from: 'script', index: i + 1 };
    }
    const isOption = (w.startsWith('-') && w !== '-') || (table?.plus === true && w.startsWith('+') && w.length > 1);
    if (!isOption) return namesStandardInput(w) ? { from: 'input', index: i } : { from: 'script', index: i };
    if (!table) return { from: 'unread', option: w };
    if (w.startsWith('--')) {
      const name = w.includes('=') ? w.slice(0, w.indexOf('=')) : w;
      if (table.longProgram?.includes(name)) return { from: 'words' };
      if (table.longValued.includes(name)) {
        if (!w.includes('=')) i++;
        continue;
      }
      if (table.longFlags.includes(w)) continue;
      return { from: 'unread', option: w };
    }
    // A cluster of short letters: flags, then perhaps one that takes the rest (or the next word).
    const letters = w.slice(1);
    for (let k = 0; k < letters.length; k++) {
      const letter = letters[k]!;
      if (table.program.includes(letter)) return { from: 'words' };
      if (table.input?.includes(letter)) return { from: 'input' };
      if (table.valued.includes(letter)) {
        if (k === letters.length - 1) i++;
        break;
      }
      if (!table.flags.includes(letter)) return { from: 'unread', option: w };
    }
  }
  return { from: 'input' };
}
