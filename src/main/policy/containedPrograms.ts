// What contained mode knows about programs and names (policy/contained.ts decides with it): which
// programs the sandbox cannot serve, which run other commands, which variables change what a program
// loads, which only show names, which directories are build output. The network each command needs
// is containedNetwork.ts's, which files are secrets secretFiles.ts's. Data and small pure readers of
// an argv; no filesystem.

import { wordTable, wordTables } from '../../shared/wordTable';
import { SHELL_NAMES } from './shellConstructs';

/** Programs that need what the sandbox does not give: a daemon, a display, root, a host service. */
export const SANDBOX_CANNOT: Readonly<Record<string, string>> = wordTable({
  docker: 'needs the Docker daemon, which the sandbox does not reach',
  'docker-compose': 'needs the Docker daemon, which the sandbox does not reach',
  podman: 'needs a container runtime, which the sandbox does not give',
  nerdctl: 'needs a container runtime, which the sandbox does not give',
  kubectl: 'talks to a cluster, a host service the sandbox does not reach',
  minikube: 'runs a cluster on the host, which the sandbox does not reach',
  sudo: 'asks for root, which the sandbox never gives',
  runuser: 'runs a command as another user, which the sandbox never gives',
  sg: 'runs a command as another group, which the sandbox never gives',
  'systemd-run': 'asks systemd to run a command outside the sandbox, which the sandbox does not reach',
  su: 'asks for another user, which the sandbox never gives',
  doas: 'asks for root, which the sandbox never gives',
  pkexec: 'asks for root, which the sandbox never gives',
  systemctl: 'controls the host’s services, which the sandbox does not reach',
  service: 'controls the host’s services, which the sandbox does not reach',
  launchctl: 'controls the host’s services, which the sandbox does not reach',
  'apt-get': 'installs system packages as root, which the sandbox never gives',
  apt: 'installs system packages as root, which the sandbox never gives',
  dpkg: 'installs system packages as root, which the sandbox never gives',
  yum: 'installs system packages as root, which the sandbox never gives',
  dnf: 'installs system packages as root, which the sandbox never gives',
  pacman: 'installs system packages as root, which the sandbox never gives',
  apk: 'installs system packages as root, which the sandbox never gives',
  snap: 'installs system packages as root, which the sandbox never gives',
  brew: 'changes the host’s Homebrew, outside the workspace',
  port: 'changes the host’s MacPorts, outside the workspace',
  'xdg-open': 'opens a window on your display, which the sandbox does not give',
  open: 'opens a window on your display, which the sandbox does not give',
  xclip: 'reads or writes your clipboard, which the sandbox does not give',
  xsel: 'reads or writes your clipboard, which the sandbox does not give',
  pbcopy: 'writes your clipboard, which the sandbox does not give',
  pbpaste: 'reads your clipboard, which the sandbox does not give',
  'wl-copy': 'writes your clipboard, which the sandbox does not give',
  xdotool: 'drives your display, which the sandbox does not give',
  osascript: 'drives your desktop, which the sandbox does not give',
  'notify-send': 'shows a notification on your desktop, which the sandbox does not give',
  chown: 'changes a file’s owner, which needs root the sandbox never gives',
  chgrp: 'changes a file’s group, which the sandbox does not give',
  mount: 'mounts a filesystem, which the sandbox never allows',
  umount: 'unmounts a filesystem, which the sandbox never allows',
  crontab: 'schedules commands on the host, outside the sandbox',
  at: 'schedules commands on the host, outside the sandbox',
  reboot: 'controls the machine, which the sandbox never allows',
  shutdown: 'controls the machine, which the sandbox never allows',
});

/** Programs that run other commands, a string as code, or keep running after the command ends. */
export const RUNS_OTHERS: Readonly<Record<string, string>> = wordTable({
  xargs: '`xargs` runs a command for each line of its input, which this rule does not read',
  parallel: '`parallel` runs commands from its input, which this rule does not read',
  m4: '`m4` includes files and runs commands its macros name, which this rule does not read',
  watch: '`watch` runs a command again and again; use start for a program that keeps running',
  nohup: '`nohup` lets a command outlive this one; use start for a program that keeps running',
  setsid: '`setsid` lets a command outlive this one; use start for a program that keeps running',
  disown: '`disown` lets a command outlive this one; use start for a program that keeps running',
  screen: '`screen` keeps commands running after this one; use start',
  tmux: '`tmux` keeps commands running after this one; use start',
  script: '`script` runs a shell this rule does not read',
  expect: '`expect` runs a script of commands this rule does not read',
  chroot: '`chroot` runs a command in another root',
  unshare: '`unshare` runs a command in new namespaces',
  nsenter: '`nsenter` runs a command in other namespaces',
  busybox: '`busybox` runs the program named in its first word; write that program',
  sshpass: '`sshpass` feeds a password to another program',
  capsh: '`capsh` runs bash with the words after `--`, which this rule does not read',
  strace: '`strace` prints the data of what the traced command reads and writes, secrets files among it',
  ltrace: '`ltrace` prints the data the traced command passes to its library calls, secrets among it',
  gdb: '`gdb` runs debugger commands, a shell among them, which this rule does not read',
  lldb: '`lldb` runs debugger commands, a shell among them, which this rule does not read',
  vim: '`vim` runs editor commands, a shell among them, which this rule does not read; change files with write or edit',
  vi: '`vi` runs editor commands, a shell among them, which this rule does not read; change files with write or edit',
  nvim: '`nvim` runs editor commands, a shell among them, which this rule does not read; change files with write or edit',
  view: '`view` runs editor commands, a shell among them, which this rule does not read',
  ex: '`ex` runs editor commands, a shell among them, which this rule does not read; change files with write or edit',
  ed: '`ed` runs editor commands, a shell among them, which this rule does not read; change files with write or edit',
  emacs: '`emacs` runs editor code, a shell among it, which this rule does not read; change files with write or edit',
});

/** Shells: `-c` runs a string as shell code, `-i` an interactive shell, and no script reads code from input. */
export const SHELLS: ReadonlySet<string> = new Set(SHELL_NAMES);

/** Interpreters whose flag runs the next word as code: the code is read for secrets' names. */
export const INLINE_CODE_FLAGS: Readonly<Record<string, readonly string[]>> = wordTable({
  python: ['-c'],
  python3: ['-c'],
  python2: ['-c'],
  node: ['-e', '--eval', '-p', '--print'],
  nodejs: ['-e', '--eval', '-p', '--print'],
  bun: ['-e', '--eval', '-p', '--print'],
  deno: ['eval'],
  ruby: ['-e'],
  perl: ['-e', '-E'],
  php: ['-r'],
  lua: ['-e'],
});

/** Programs whose first operand is a pattern (never a path), unless `-e`/`-f`/`--regexp` gives it. */
export const PATTERN_FIRST = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'ack-grep', 'zgrep', 'git-grep']);
/**
 * Options of the pattern-first and script-first programs that take the next word(s) as their value,
 * and how many: skipped when finding the pattern or script, so that `rg -g '*.py' KEY` is read as
 * the pattern KEY searched in the directory, and `awk -F , 'script' f` as the script and its file.
 */
const GREP_VALUES = [
  '-A',
  '-B',
  '-C',
  '-m',
  '-d',
  '-D',
  '--include',
  '--exclude',
  '--exclude-dir',
  '--exclude-from',
  '--max-count',
  '--context',
  '--after-context',
  '--before-context',
  '--devices',
  '--directories',
  '--binary-files',
  '--label',
  '--group-separator',
  '--file',
  '-f',
];
const RG_VALUES = [
  '-A',
  '-B',
  '-C',
  '-m',
  '-M',
  '-j',
  '-E',
  '-g',
  '-t',
  '-T',
  '-r',
  '-d',
  '--glob',
  '--iglob',
  '--type',
  '--type-not',
  '--type-add',
  '--type-clear',
  '--max-count',
  '--max-columns',
  '--context',
  '--after-context',
  '--before-context',
  '--encoding',
  '--engine',
  '--max-depth',
  '--maxdepth',
  '--file',
  '-f',
  '--max-filesize',
  '--path-separator',
  '--pre',
  '--pre-glob',
  '--replace',
  '--sort',
  '--sortr',
  '--threads',
  '--color',
  '--colors',
  '--context-separator',
  '--field-match-separator',
  '--field-context-separator',
  '--dfa-size-limit',
  '--regex-size-limit',
  '--ignore-file',
  '--hyperlink-format',
  '--generate',
];
export const VALUE_FLAGS: Readonly<Record<string, Readonly<Record<string, number>>>> = wordTables({
  grep: Object.fromEntries(GREP_VALUES.map((f) => [f, 1])),
  egrep: Object.fromEntries(GREP_VALUES.map((f) => [f, 1])),
  fgrep: Object.fromEntries(GREP_VALUES.map((f) => [f, 1])),
  zgrep: Object.fromEntries(GREP_VALUES.map((f) => [f, 1])),
  rg: Object.fromEntries(RG_VALUES.map((f) => [f, 1])),
  // (ag's -A, -B and -C take their number only attached: the next word is the pattern.)
  ag: {
    '-m': 1,
    '--workers': 1,
    '--pager': 1,
    '--max-count': 1,
    '-G': 1,
    '--ignore': 1,
    '--ignore-dir': 1,
    '--depth': 1,
    '--file-search-regex': 1,
    '-g': 1,
    '--filename-pattern': 1,
    '-p': 1,
    '--path-to-ignore': 1,
    '-W': 1,
    '--width': 1,
  },
  ack: {
    '-A': 1,
    '-B': 1,
    '-C': 1,
    '-m': 1,
    '--max-count': 1,
    '--after-context': 1,
    '--before-context': 1,
    '--context': 1,
    '--type': 1,
    '--ignore-dir': 1,
    '--ignore-file': 1,
    '--pager': 1,
    '--output': 1,
    '--match': 1,
    '-g': 1,
  },
  awk: { '-F': 1, '-v': 1 },
  gawk: { '-F': 1, '-v': 1 },
  mawk: { '-F': 1, '-v': 1 },
  nawk: { '-F': 1, '-v': 1 },
  jq: { '--arg': 2, '--argjson': 2, '--slurpfile': 2, '--rawfile': 2, '--indent': 1 },
  yq: {
    '--arg': 2,
    '--argjson': 2,
    '--indent': 1,
    '-I': 1,
    '-o': 1,
    '--output-format': 1,
    '-p': 1,
    '--input-format': 1,
  },
  sed: { '-l': 1, '--line-length': 1 },
});

/** Programs whose first operand is a script in their own language, read for secrets' names. */
export const SCRIPT_FIRST = new Set(['sed', 'awk', 'gawk', 'mawk', 'nawk', 'jq', 'yq']);

/** Programs that print names, sizes or hashes of what they are given, never its content. */
export const NAMES_ONLY = new Set([
  'ls',
  'stat',
  'wc',
  'du',
  'file',
  'test',
  '[',
  'touch',
  'chmod',
  'mkdir',
  'realpath',
  'readlink',
  'basename',
  'dirname',
  'md5sum',
  'sha1sum',
  'sha256sum',
  'sha512sum',
  'b2sum',
  'cksum',
  'tree',
  'find',
  'echo',
  'printf',
  'true',
  'false',
  'exa',
  'eza',
  'lsd',
]);

/**
 * Of those, the flags whose value is a file they read the names to show from: what they print (an
 * error for each line that names no file) is that file's text (`wc --files0-from=.env`).
 */
export const NAMES_FROM_FILE: Readonly<Record<string, readonly string[]>> = wordTable({
  wc: ['--files0-from'],
  du: ['--files0-from'],
  file: ['-f', '--files-from', '-m', '--magic-file'],
  find: ['-files0-from'],
});

/** Of those, the flags that make every operand a text they read and print lines of (`sha256sum -c .env`). */
export const OPERANDS_AS_TEXT: Readonly<Record<string, readonly string[]>> = wordTable({
  md5sum: ['-c', '--check'],
  sha1sum: ['-c', '--check'],
  sha256sum: ['-c', '--check'],
  sha512sum: ['-c', '--check'],
  b2sum: ['-c', '--check'],
  tree: ['--fromfile'],
});

/** Directories the project makes again (build output, caches): deleting them loses nothing a build does not restore. */
const BUILD_OUTPUT = new Set([
  'dist',
  'build',
  'out',
  'target',
  '.next',
  '.nuxt',
  '.svelte-kit',
  '.turbo',
  '.parcel-cache',
  '.vite',
  'coverage',
  '.nyc_output',
  '__pycache__',
  '.pytest_cache',
  '.mypy_cache',
  '.ruff_cache',
  '.hypothesis',
  '.tox',
  '.nox',
  '.gradle',
  '.angular',
  '.expo',
  'storybook-static',
  '.docusaurus',
  '.cache',
]);

/** Whether a workspace-relative path is (inside) build output the project makes again. */
export function isBuildOutput(rel: string): boolean {
  return rel
    .split('/')
    .some((p) => BUILD_OUTPUT.has(p) || p.endsWith('.egg-info') || p.endsWith('.pyc') || p.endsWith('.tsbuildinfo'));
}

/** Programs whose query (an argument) may name files they read. */
export const QUERY_ENGINES: ReadonlySet<string> = new Set([
  'duckdb',
  'clickhouse',
  'clickhouse-local',
  'q',
  'trdsql',
  'dsq',
  'octosql',
  'textql',
  'csvsql',
  'sqlite-utils',
  'datasette',
]);
