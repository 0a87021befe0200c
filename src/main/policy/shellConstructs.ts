// What the shell form names when it refuses, and what it knows of programs (policy/shellForm.ts):
// the constructs it does not read, the builtins that change the shell, and the interpreters a
// heredoc or a redirect must not feed. Data only.

import { wordTable } from '../../shared/wordTable';

/** Statements whose structure the decision cannot read by its simple commands, named for the card. */
export const CONSTRUCTS: Readonly<Record<string, string>> = wordTable({
  subshell: 'a subshell `( … )` here (in a loop, or piped) is not read; write its commands without the parentheses',
  compound_statement: 'a group `{ …; }` written another way is shell code this rule does not read',
  function_definition: 'a function definition runs code later under another name',
  for_statement: 'a `for` loop runs commands over values this rule does not read',
  c_style_for_statement: 'a `for` loop runs commands over values this rule does not read',
  while_statement: 'a `while` loop runs commands this rule does not read',
  case_statement: 'a `case` runs commands by a pattern this rule does not read',
  negated_command: '`!` inverts a status; write the command without it',
  declaration_command: '`export`, `declare`, `local` and `readonly` change the shell itself',
  unset_command: '`unset` changes the shell itself',
  variable_assignment: 'an assignment without a command changes the shell itself; put `NAME=value` before the command',
  variable_assignments: 'an assignment without a command changes the shell itself; put `NAME=value` before the command',
  command_substitution: '`$( … )` and backticks run a command and put its output in the line',
  process_substitution: '`<( … )` and `>( … )` run a command in the background',
  simple_expansion: '`$NAME` puts a variable in the line, whose value this rule cannot see',
  expansion: '`${ … }` puts a variable in the line, whose value this rule cannot see',
  arithmetic_expansion: '`$(( … ))` computes a value this rule does not read',
  ansi_c_string: "`$'…'` is a string with escapes that sh and bash read differently",
  translated_string: '`$"…"` is a translated string',
  brace_expression: '`{a,b}` expands differently in sh and bash',
  herestring_redirect: '`<<<` is bash only; sh reads it differently',
  test_command: '`[[ … ]]` is bash only',
  extglob_pattern: 'an extended glob is bash only',
  coproc: '`coproc` runs a command in the background',
});

/** Programs that open nothing and only print their words: a variable among them is only text shown. */
export const PRINTS_ONLY = new Set(['echo', 'printf']);

/**
 * The two builtins read as commands, whose judging is contained mode's: `command -v NAME…` (prints
 * where names are found) and `source DIR/bin/activate` (a virtualenv's activation, read there as the
 * project's own code only when DIR is a virtualenv). Never plain: they exist only in a shell.
 */
export const SHELL_ONLY = new Set(['command', 'source', '.']);

/** Builtins that change the shell, run a string or a file as shell code, or leave the shell's control. */
export const SHELL_BUILTINS: Readonly<Record<string, string>> = wordTable({
  eval: '`eval` runs a string as shell code',
  source: '`source` runs a file as shell code in this shell',
  '.': '`.` runs a file as shell code in this shell',
  exec: '`exec` replaces the shell or rewires its files',
  alias: '`alias` changes what a name runs',
  unalias: '`unalias` changes what a name runs',
  export: '`export` changes the environment of what follows',
  unset: '`unset` changes the shell itself',
  set: '`set` changes how the shell reads what follows',
  shopt: '`shopt` changes how the shell reads what follows',
  trap: '`trap` runs code when a signal arrives',
  command: '`command` runs a name bypassing what the rule reads; write the program itself',
  builtin: '`builtin` runs a shell builtin by name',
  enable: '`enable` changes the shell builtins',
  hash: '`hash` changes where names are found',
  readonly: '`readonly` changes the shell itself',
  declare: '`declare` changes the shell itself',
  typeset: '`typeset` changes the shell itself',
  local: '`local` changes the shell itself',
  let: '`let` computes values this rule does not read',
  read: '`read` sets variables from its input',
  mapfile: '`mapfile` sets variables from its input',
  readarray: '`readarray` sets variables from its input',
  getopts: '`getopts` sets variables',
  ulimit: '`ulimit` changes the limits of what follows',
  umask: '`umask` changes the permissions of what follows',
  fc: '`fc` runs commands from the history',
  history: '`history` reads the shell history',
  wait: '`wait` waits for background jobs; use start for a program that keeps running',
  jobs: '`jobs` manages background jobs; use start for a program that keeps running',
  fg: '`fg` manages background jobs; use start for a program that keeps running',
  bg: '`bg` manages background jobs; use start for a program that keeps running',
  disown: '`disown` lets a job outlive the command; use start for a program that keeps running',
  coproc: '`coproc` runs a command in the background',
  compgen: '`compgen` runs commands and expands words it is given',
  complete: '`complete` sets commands the shell runs to complete words',
  compopt: '`compopt` changes how the shell completes words',
  pushd: '`pushd` changes the directory of what follows; use `cd DIR &&` at the start',
  popd: '`popd` changes the directory of what follows; use `cd DIR &&` at the start',
  chdir: '`chdir` changes the directory of what follows; use `cd DIR &&` at the start',
  dirs: "`dirs` reads the shell's directory stack",
  time: '`time` is a keyword in bash and a program in sh; run the command itself',
  return: '`return` outside a function is read differently by sh and bash',
  caller: '`caller` reads the shell itself',
  shift: '`shift` changes the shell itself',
  times: '`times` reads the shell itself',
  '[[': '`[[ … ]]` is bash only',
});

/** The shells: each reads `-c` as code and its input as a script. */
export const SHELL_NAMES = [
  'sh',
  'bash',
  'dash',
  'zsh',
  'ksh',
  'fish',
  'csh',
  'tcsh',
  'yash',
  'posh',
  'elvish',
  'nu',
  'pwsh',
  'xonsh',
  'rc',
  'es',
] as const;

/** Programs that read a document or source whose requests open other files or run commands. */
export const DOCUMENT_INTERPRETERS: readonly string[] = [
  'soelim',
  'groff',
  'nroff',
  'troff',
  'gtroff',
  'pic',
  'gpic',
  'eqn',
  'geqn',
  'neqn',
  'tbl',
  'gtbl',
  'grn',
  'refer',
  'grefer',
  'preconv',
  'grog',
  'mandoc',
  'docutils',
  'rst2html',
  'rst2html.py',
  'rst2html5',
  'rst2html5.py',
  'rst2man',
  'rst2man.py',
  'rst2latex',
  'rst2latex.py',
  'rst2xml',
  'rst2xml.py',
  'rst2pseudoxml',
  'rst2pseudoxml.py',
  'rst2odt',
  'rst2odt.py',
  'rst2s5',
  'rst2s5.py',
  'llvm-mc',
  'llvm-tblgen',
  'lli',
  'wish',
  'jshell',
  'man',
];

/** Interpreters and shells: a heredoc or a redirect fed to them on standard input is code the rule does not read. */
export const INTERPRETERS = new Set<string>([
  ...SHELL_NAMES,
  // Document processors whose requests include files or run commands (`.so FILE`, `.pso CMD`,
  // docutils' `.. include::`), and LLVM's assembler, table generator and IR interpreter.
  ...DOCUMENT_INTERPRETERS,
  'python',
  'python2',
  'python3',
  'node',
  'nodejs',
  'deno',
  'bun',
  'ruby',
  'perl',
  'php',
  'lua',
  'Rscript',
  'R',
  'tclsh',
  'awk',
  'gawk',
  'mawk',
  'nawk',
  'osascript',
  'psql',
  'mysql',
  'sqlite3',
  'irb',
  'ipython',
  'ts-node',
  'tsx',
  'jshell',
  'jrunscript',
  'wish',
]);

/**
 * Interpreters whose heredoc is read here and judged (policy/containedLineCode.ts): as the code it
 * is, their `-c`/`-e` word, or for a shell a card naming why; one fed to any other interpreter is refused.
 */
export const HEREDOC_CODE = new Set([
  'sh',
  'bash',
  'dash',
  'python',
  'python2',
  'python3',
  'node',
  'nodejs',
  'bun',
  'ruby',
  'perl',
  'php',
  'lua',
]);

export const OPERATORS = new Set(['&&', '||', ';', '|']);
