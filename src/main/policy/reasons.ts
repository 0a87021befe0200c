// The names on a card (seed 003 §5: "the old parser survives for one job: putting a name on that
// card"). These sentences only ever explain a gate; nothing here can make a command auto.

import { wordTable, wordTables } from '../../shared/wordTable';

/** Programs off the list that an owner should recognise by what they do. */
const PROGRAM_REASONS: Readonly<Record<string, string>> = wordTable({
  rm: 'rm deletes files',
  rmdir: 'rmdir deletes directories',
  mv: 'mv moves or overwrites files',
  cp: 'cp copies files and can overwrite them',
  ln: 'ln makes links, which can point outside the workspace',
  chmod: 'chmod changes file permissions',
  chown: 'chown changes file owners',
  dd: 'dd reads and writes raw files and devices',
  tee: 'tee writes to files',
  touch: 'touch creates or changes files',
  mkdir: 'mkdir creates directories',
  truncate: 'truncate cuts files short',
  curl: 'curl talks to the network and can send files anywhere',
  wget: 'wget downloads from the network',
  ssh: 'ssh connects to another machine',
  scp: 'scp copies files to or from another machine',
  rsync: 'rsync copies files, possibly to another machine',
  nc: 'nc opens network connections',
  ncat: 'ncat opens network connections',
  telnet: 'telnet opens network connections',
  ftp: 'ftp talks to the network',
  sudo: 'sudo runs a command as another user',
  su: 'su runs a shell as another user',
  doas: 'doas runs a command as another user',
  env: 'env runs another program with a changed environment',
  xargs: 'xargs runs another program with arguments it reads',
  nohup: 'nohup runs another program',
  time: 'time runs another program',
  timeout: 'timeout runs another program',
  nice: 'nice runs another program',
  exec: 'exec is a shell builtin; there is no shell here',
  eval: 'eval runs text as shell code',
  source: 'source runs a file as shell code',
  '.': '`.` runs a file as shell code',
  sh: 'sh runs shell code',
  bash: 'bash runs shell code',
  zsh: 'zsh runs shell code',
  dash: 'dash runs shell code',
  ksh: 'ksh runs shell code',
  fish: 'fish runs shell code',
  csh: 'csh runs shell code',
  tcsh: 'tcsh runs shell code',
  pwsh: 'pwsh runs shell code',
  powershell: 'powershell runs shell code',
  perl: 'perl runs code given to it',
  ruby: 'ruby runs code given to it',
  php: 'php runs code given to it',
  lua: 'lua runs code given to it',
  deno: 'deno runs code and can fetch it from the network',
  awk: 'awk runs a program given on the command line',
  gawk: 'gawk runs a program given on the command line',
  vim: 'vim can run commands and write files',
  vi: 'vi can run commands and write files',
  git: 'git is reached through the git tool, which runs it hardened',
  docker: 'docker runs containers with access to this machine',
  podman: 'podman runs containers with access to this machine',
  kill: 'kill sends signals to other processes',
  pkill: 'pkill sends signals to other processes',
  killall: 'killall sends signals to other processes',
  open: 'open hands a file or URL to another application',
  'xdg-open': 'xdg-open hands a file or URL to another application',
  osascript: 'osascript runs AppleScript with access to other applications',
  crontab: 'crontab schedules commands',
  launchctl: 'launchctl starts and schedules services',
  systemctl: 'systemctl starts and stops services',
  pip: 'pip installs packages this machine did not have',
  pip3: 'pip3 installs packages this machine did not have',
  pipx: 'pipx installs and runs packages this machine did not have',
  uv: 'uv installs and runs packages this machine did not have',
  gem: 'gem installs packages this machine did not have',
  brew: 'brew installs software on this machine',
  apt: 'apt installs software on this machine',
  'apt-get': 'apt-get installs software on this machine',
  npx: 'npx fetches and runs a package unless this project already has its binary',
  bunx: 'bunx fetches and runs a package',
  pnpx: 'pnpx fetches and runs a package',
  corepack: 'corepack downloads package managers',
});

/** Subcommands of listed (or known) tools, named by what they do. */
const SUBCOMMAND_REASONS: Readonly<Record<string, string>> = wordTable({
  'npm install': 'npm install installs packages this machine did not have',
  'npm i': 'npm i installs packages this machine did not have',
  'npm add': 'npm add installs packages this machine did not have',
  'npm exec': 'npm exec runs a package, fetching it if this project does not have it',
  'npm x': 'npm x runs a package, fetching it if this project does not have it',
  'npm publish': 'npm publish uploads this package to the registry',
  'npm config': 'npm config changes npm settings outside the workspace',
  'npm link': 'npm link installs links outside the workspace',
  'pnpm add': 'pnpm add installs packages this machine did not have',
  'pnpm install': 'pnpm install installs packages this machine did not have',
  'pnpm dlx': 'pnpm dlx fetches and runs a package',
  'pnpm exec': 'pnpm exec runs a program',
  'yarn add': 'yarn add installs packages this machine did not have',
  'yarn install': 'yarn install installs packages this machine did not have',
  'yarn dlx': 'yarn dlx fetches and runs a package',
  'yarn exec': 'yarn exec runs a program',
  'bun add': 'bun add installs packages this machine did not have',
  'bun install': 'bun install installs packages this machine did not have',
  'bun x': 'bun x fetches and runs a package',
  'cargo install': 'cargo install installs programs this machine did not have',
  'cargo run': 'cargo run builds and runs a program',
  'go get': 'go get fetches packages this machine did not have',
  'go install': 'go install installs programs this machine did not have',
  'go run': 'go run builds and runs a program',
  'go generate': 'go generate runs commands named in source files',
  'go env': 'go env can change Go settings outside the workspace',
  'git push': 'git push sends commits to another machine',
});

/** Flags of listed programs that other parsers let through (seed 003 §5, SPEC §7). */
const FLAG_REASONS: Readonly<Record<string, Readonly<Record<string, string>>>> = wordTables({
  node: {
    '-e': 'runs code given on the command line',
    '--eval': 'runs code given on the command line',
    '-p': 'runs code given on the command line',
    '--print': 'runs code given on the command line',
    '--import': 'loads a module before the program, which can be code from anywhere (a data: URL included)',
    '--require': 'loads a module before the program, which can be code from anywhere',
    '-r': 'loads a module before the program, which can be code from anywhere',
    '--loader': 'loads code that rewrites every module',
    '--experimental-loader': 'loads code that rewrites every module',
    '--env-file': 'reads a file that can be outside the workspace',
    '--inspect': 'opens a debugger port that runs code for whoever connects',
  },
  python: { '-c': 'runs code given on the command line' },
  grep: {
    '-f': 'reads patterns from a file, which can be outside the workspace',
    '--file': 'reads patterns from a file, which can be outside the workspace',
    '-R': 'follows every symbolic link it meets, out of the workspace too',
    '--dereference-recursive': 'follows every symbolic link it meets, out of the workspace too',
    '--exclude-from': 'reads a file, which can be outside the workspace',
    '-e': 'is not on the run list for grep; give the pattern as the first operand',
  },
  rg: {
    '-L': 'follows symbolic links out of the workspace',
    '--follow': 'follows symbolic links out of the workspace',
    '--pre': 'runs a program on every file it searches',
    '-f': 'reads patterns from a file, which can be outside the workspace',
    '--file': 'reads patterns from a file, which can be outside the workspace',
    '--ignore-file': 'reads a file, which can be outside the workspace',
  },
  find: {
    '-exec': 'runs a program for each file it finds',
    '-execdir': 'runs a program for each file it finds',
    '-ok': 'runs a program for each file it finds',
    '-okdir': 'runs a program for each file it finds',
    '-delete': 'deletes what it finds',
    '-fprint': 'writes to a file, which can be outside the workspace',
    '-fprint0': 'writes to a file, which can be outside the workspace',
    '-fprintf': 'writes to a file, which can be outside the workspace',
    '-fls': 'writes to a file, which can be outside the workspace',
    '-files0-from': 'reads its starting points from a file, which can be outside the workspace',
    '-L': 'follows symbolic links out of the workspace',
    '-H': 'follows symbolic links named on the command line',
    '-follow': 'follows symbolic links out of the workspace',
  },
  sort: {
    '-o': 'writes its output to a file, which can be outside the workspace',
    '--output': 'writes its output to a file, which can be outside the workspace',
    '-T': 'writes temporary files to a directory, which can be outside the workspace',
    '--temporary-directory': 'writes temporary files to a directory, which can be outside the workspace',
    '--compress-program': 'runs a program',
    '--files0-from': 'reads the files to sort from a file, which can be outside the workspace',
  },
  wc: { '--files0-from': 'reads the files to count from a file, which can be outside the workspace' },
  ls: {
    '-L': 'follows symbolic links out of the workspace',
    '-H': 'follows symbolic links named on the command line',
    '--dereference': 'follows symbolic links out of the workspace',
    '--dereference-command-line': 'follows symbolic links named on the command line',
  },
  sed: {
    '-i': 'edits files in place',
    '--in-place': 'edits files in place',
    '-f': 'reads its script from a file, which can be outside the workspace',
    '--file': 'reads its script from a file, which can be outside the workspace',
    '-e': 'is not on the run list for sed; give one print script as the first operand',
    '--expression': 'is not on the run list for sed; give one print script as the first operand',
    '--follow-symlinks': 'follows symbolic links out of the workspace',
    '-s': 'is not on the run list for sed',
  },
  du: {
    '-L': 'follows symbolic links out of the workspace',
    '-H': 'follows symbolic links named on the command line',
    '-D': 'follows symbolic links named on the command line',
    '--dereference': 'follows symbolic links out of the workspace',
    '--files0-from': 'reads the paths to measure from a file, which can be outside the workspace',
    '-X': 'reads patterns from a file, which can be outside the workspace',
    '--exclude-from': 'reads patterns from a file, which can be outside the workspace',
  },
  tree: {
    '-l': 'follows symbolic links to directories, out of the workspace too',
    '-o': 'writes its output to a file, which can be outside the workspace',
    '-R': 'writes an HTML file into every directory',
    '-H': 'writes HTML with links',
    '--fromfile': 'reads a listing from a file, which can be outside the workspace',
  },
  file: {
    '-L': 'follows symbolic links out of the workspace',
    '--dereference': 'follows symbolic links out of the workspace',
    '-f': 'reads the names to examine from a file, which can be outside the workspace',
    '--files-from': 'reads the names to examine from a file, which can be outside the workspace',
    '-m': 'reads a magic file, which can be outside the workspace',
    '--magic-file': 'reads a magic file, which can be outside the workspace',
    '-C': 'writes a compiled magic file',
    '-z': 'runs decompressors on the files it reads',
    '-Z': 'runs decompressors on the files it reads',
    '-s': 'reads block and character devices',
  },
  stat: {
    '-L': 'follows symbolic links out of the workspace',
    '--dereference': 'follows symbolic links out of the workspace',
  },
  jq: {
    '-f': 'reads its filter from a file, which can be outside the workspace and import modules',
    '--from-file': 'reads its filter from a file, which can be outside the workspace and import modules',
    '-L': 'searches a directory for modules, which can be outside the workspace',
    '--library-path': 'searches a directory for modules, which can be outside the workspace',
    '--rawfile': 'reads a file named in a flag, which can be outside the workspace',
    '--slurpfile': 'reads a file named in a flag, which can be outside the workspace',
    '--arg': 'takes two values, which the run list does not read',
    '--argjson': 'takes two values, which the run list does not read',
    '--args': 'reads the remaining operands as values, which the run list does not read',
    '--jsonargs': 'reads the remaining operands as values, which the run list does not read',
  },
  date: {
    '-s': 'sets the clock',
    '--set': 'sets the clock',
    '-f': 'reads dates from a file, which can be outside the workspace (BSD: sets the clock from a format)',
    '--file': 'reads dates from a file, which can be outside the workspace',
    '-r': 'reads the time of a file named in a flag (BSD: sets the clock from seconds)',
    '--reference': 'reads the time of a file named in a flag',
    '-d': 'is read differently by GNU (a date to show) and BSD (sets the kernel clock state)',
  },
  xxd: { '-r': 'writes binary back from a dump, to a file when given two operands' },
  md5sum: {
    '-c': 'reads the files a list names, which can be outside the workspace',
    '--check': 'reads the files a list names, which can be outside the workspace',
  },
  sha1sum: {
    '-c': 'reads the files a list names, which can be outside the workspace',
    '--check': 'reads the files a list names, which can be outside the workspace',
  },
  sha256sum: {
    '-c': 'reads the files a list names, which can be outside the workspace',
    '--check': 'reads the files a list names, which can be outside the workspace',
  },
  hexdump: { '-f': 'reads a format file, which can be outside the workspace' },
  diff: {
    '-r': 'compares whole trees and follows the symbolic links inside them',
    '--recursive': 'compares whole trees and follows the symbolic links inside them',
    '--from-file': 'compares against a file named in a flag',
    '--to-file': 'compares against a file named in a flag',
  },
  make: {
    '-C': 'changes to another directory before reading its Makefile',
    '--directory': 'changes to another directory before reading its Makefile',
    '-f': 'reads a makefile named on the command line',
    '--file': 'reads a makefile named on the command line',
    '-e': 'lets the environment override the Makefile',
    '-I': 'searches other directories for included makefiles',
  },
  tail: { '-f': 'keeps running until it is stopped', '-F': 'keeps running until it is stopped' },
  tsc: {
    '--build': 'builds referenced projects, which can be outside the workspace',
    '-b': 'builds referenced projects, which can be outside the workspace',
  },
  sh: { '-c': 'runs a string as shell code' },
  bash: { '-c': 'runs a string as shell code' },
  zsh: { '-c': 'runs a string as shell code' },
});

export function programReason(program: string): string {
  const friendly = PROGRAM_REASONS[program];
  return friendly ? `${friendly}, and ${program} is not on the run list` : `${program} is not on the run list`;
}

export function subcommandReason(program: string, sub: string): string | null {
  return SUBCOMMAND_REASONS[`${program} ${sub}`] ?? null;
}

/** Long options this program's friendly table knows, for naming an abbreviation's likely target. */
function knownLongFlags(program: string, allowed: readonly string[]): string[] {
  return [...Object.keys(FLAG_REASONS[program] ?? {}).filter((f) => f.startsWith('--')), ...allowed];
}

/**
 * Why a flag gates. `base` keys the friendly table (grammar name), `program` is how the card names
 * the program ("python -m pytest"). `shown` is how the owner wrote it (the cluster or `--flag=value` spelling).
 * A long option that abbreviates another is named as such (SPEC §7: `--exclude-fr=`, `--o=`).
 */
export function flagReason(
  base: string,
  program: string,
  flag: string,
  shown: string,
  allowedLong: readonly string[] = [],
): string {
  const friendly = FLAG_REASONS[base]?.[flag];
  const where = shown !== flag ? ` (in ${shown})` : '';
  if (friendly) return `${program} ${flag}${where} ${friendly}`;
  if (flag.startsWith('--')) {
    const full = knownLongFlags(base, allowedLong).filter((f) => f !== flag && f.startsWith(flag));
    if (full.length > 0) {
      return `${program} ${flag}${where} is an abbreviation of ${full.join(' or ')}; only exact spellings are on the run list`;
    }
  }
  return `${program} ${flag}${where} is not on the run list`;
}
