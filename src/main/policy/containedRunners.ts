// Programs that run another command given in their own words: a project's runners (`uv run CMD`,
// `poetry run CMD`, `pnpm exec CMD`) and wrappers that change only how it runs (`stdbuf -o0 CMD`,
// `taskset -c 0 CMD`, `ssh-agent CMD`). The command they run is judged as any command is, so that
// `uv run sh -c 'cat .e*'` is read as the `sh -c` it runs. Their own options are not all known, and
// a value may stand where the command starts (`uv run --python 3.12 CMD`): every word that is not an
// option is taken as a place the command may start, and each such rest is judged. Programs of this
// kind whose command is a string of shell or a debugger's script ask instead (containedPrograms.ts
// RUNS_OTHERS).
import { wordTable } from '../../shared/wordTable';
import { INLINE_CODE_FLAGS, SHELLS } from './containedPrograms';
import { inlineCodeFlag } from './containedOperands';

/** The runners' subcommands that run a command of the project's environment. */
const RUNNERS: Readonly<Record<string, ReadonlySet<string>>> = wordTable({
  uv: new Set(['run']),
  poetry: new Set(['run']),
  pdm: new Set(['run']),
  pipenv: new Set(['run']),
  hatch: new Set(['run']),
  rye: new Set(['run']),
  pixi: new Set(['run', 'exec']),
  conda: new Set(['run']),
  mamba: new Set(['run']),
  micromamba: new Set(['run']),
  pnpm: new Set(['exec', 'dlx']),
  yarn: new Set(['exec', 'dlx']),
  bun: new Set(['x', 'exec']),
  npm: new Set(['exec', 'x']),
});

/** Programs that run the command after their options (and, for some, a value first: a mask, a priority). */
const WRAPPERS: ReadonlySet<string> = new Set([
  'shx',
  'stdbuf',
  'ionice',
  'chrt',
  'taskset',
  'prlimit',
  'setpriv',
  'ssh-agent',
  'dbus-run-session',
  'dbus-launch',
  'xvfb-run',
  'fakeroot',
  'faketime',
  'eatmydata',
  'unbuffer',
  'catchsegv',
  'numactl',
  'cpulimit',
  'nocache',
  'torsocks',
  'proxychains',
  'proxychains4',
  'chpst',
  'caffeinate',
  'systemd-inhibit',
  'valgrind',
  'perf',
  'flock',
  'time',
  'setarch',
  'linux32',
  'linux64',
  'i386',
  'x86_64',
  'aarch64',
  'runcon',
  'uvx',
  'bunx',
  'pnpx',
  'npx',
]);

/** Past this many places where the command may start, the command is not read. */
export const STARTS_READ = 40;

/**
 * The indices of `argv` where a command the program runs may begin (each rest from there is judged
 * as a command), or [] when the program runs none of its words.
 */
export function innerCommandStarts(program: string, argv: readonly string[]): number[] {
  let from: number;
  if (WRAPPERS.has(program)) from = 1;
  else {
    const subs = RUNNERS[program];
    if (subs === undefined) return [];
    // The runner's own options may take values (`uv --directory . run`, `npm --loglevel silent exec`):
    // its first word that is one of these subcommands is taken as the subcommand.
    const sub = argv.findIndex((w, i) => i > 0 && subs.has(w));
    if (sub < 0) return [];
    from = sub + 1;
  }
  const starts: number[] = [];
  for (let i = from; i < argv.length; i++) {
    const w = argv[i]!;
    // A program these exec is never a shell's builtin (`.` in npx eslint . is a folder), nor a number,
    // a mask or a list of them (`taskset -c 0 wc`): those are the wrapper's values.
    if (w === '--' || w.startsWith('-') || w === '.' || w === '..' || w === 'source' || /^\d[\dxa-fA-F,.:-]*$/.test(w))
      continue;
    starts.push(i);
  }
  return starts;
}

/**
 * Where, among the words of a program this rule does not know to run others, a shell or an
 * interpreter stands with its code flag after it (`memusage sh -c '…'`, `valgrind.bin bash -c`,
 * `rust-gdb --args python3 -c`): a program that runs its words runs that, so each is judged as a
 * command too. (A word such a program takes as data is judged all the same: the reading leans to "runs".)
 */
export function codeCommandStarts(argv: readonly string[], programName: (word: string) => string): number[] {
  const starts: number[] = [];
  for (let k = 1; k < argv.length - 1; k++) {
    const name = programName(argv[k]!);
    if (!SHELLS.has(name) && !INLINE_CODE_FLAGS[name] && !AWKS.has(name) && name !== 'env') continue;
    // awk's first operand is its program, and env runs what follows it (its -S splits a string into
    // a command); a shell's or an interpreter's code flag may follow its other options (`sh -e -c`,
    // `bash -o pipefail -c`, `python3 -I -c`, `perl -Mstrict -e`).
    if (AWKS.has(name) || name === 'env') {
      starts.push(k);
      continue;
    }
    for (let j = k + 1; j < argv.length && j <= k + 8 && /^[-+]/.test(argv[j]!); j++) {
      const w = argv[j]!;
      // A shell's `-o NAME` / `+o NAME` takes the next word.
      if (SHELLS.has(name) && /^[-+][oO]$/.test(w)) {
        j++;
        continue;
      }
      if (
        SHELLS.has(name)
          ? /^-[a-zA-Z]*c[a-zA-Z]*$/.test(w) || w.startsWith('--command')
          : inlineCodeFlag(name, w) !== null
      ) {
        starts.push(k);
        break;
      }
    }
  }
  return starts;
}

/** awk by its names: its first operand is code. */
const AWKS: ReadonlySet<string> = new Set(['awk', 'gawk', 'mawk', 'nawk']);

/**
 * Long options (a prefix is written out whole before this reads them: longOptions.ts) and short
 * ones (alone, attached, or last in a cluster) that make a program run a command or code of its
 * words: per program, each with what it runs.
 */
const RUNNING_FLAGS: Readonly<Record<string, readonly { long?: string[]; short?: string[]; runs: string }[]>> =
  wordTable({
    split: [{ long: ['--filter'], runs: 'runs its filter through a shell for each piece' }],
    tar: [
      {
        long: ['--checkpoint-action', '--to-command', '--info-script', '--new-volume-script', '--rsh-command'],
        short: ['F'],
        runs: 'runs the command it is given',
      },
      { long: ['--use-compress-program'], short: ['I'], runs: 'runs the compressor it is given' },
    ],
    zip: [{ long: ['--unzip-command'], short: ['TT'], runs: 'runs the test command it is given' }],
    sort: [{ long: ['--compress-program'], runs: 'runs the compressor it is given' }],
    rg: [
      { long: ['--pre'], runs: 'runs the preprocessor it is given on each file (and quotes the file in its errors)' },
    ],
    ag: [{ long: ['--pager'], runs: 'runs its pager through a shell' }],
    ack: [{ long: ['--pager'], runs: 'runs its pager through a shell' }],
    'ack-grep': [{ long: ['--pager'], runs: 'runs its pager through a shell' }],
    mawk: [{ short: ['W'], runs: '-W exec runs a program file as awk code' }],
    perf: [{ long: ['--pre', '--post'], runs: 'runs the hook it is given through a shell' }],
    strace: [
      {
        long: ['--env'],
        short: ['E'],
        runs: 'sets a variable for the command it traces, which this rule does not read',
      },
    ],
    chpst: [{ short: ['e'], runs: 'sets the variables of a folder for the command it runs' }],
    npm: [{ long: ['--call'], short: ['c'], runs: 'exec runs the string it is given as shell code' }],
    pnpm: [{ long: ['--shell-mode'], short: ['c'], runs: 'exec runs the string it is given as shell code' }],
  });

/** Whether `word` is the long option `full`, alone or with `=value` (abbreviations were written out whole first, longOptions.ts). */
function isLong(word: string, full: string): boolean {
  return word === full || word.startsWith(`${full}=`);
}

/** What a flag of the program runs (a sentence), or null. git's are read with its subcommand. */
export function flagRunsCommand(program: string, argv: readonly string[], gitSub: readonly string[]): string | null {
  if (program === 'git') {
    const [sub, ...rest] = gitSub;
    if (sub === 'grep' && rest.some((w) => /^-O/.test(w) || isLong(w, '--open-files-in-pager')))
      return 'git grep -O runs the pager it is given on the files it finds';
    if (sub === 'difftool' || sub === 'mergetool') return `git ${sub} runs a diff or merge program`;
    if (sub === 'submodule' && rest.some((w) => w === 'foreach'))
      return 'git submodule foreach runs a command in each submodule';
    if (sub === 'rebase' && rest.some((w) => /^-[a-zA-Z]*x/.test(w) || isLong(w, '--exec')))
      return 'git rebase -x runs a command after each commit';
    if (sub === 'bisect' && rest[0] === 'run') return 'git bisect run runs a command at each step';
    if (sub === 'filter-branch' || sub === 'filter-repo') return `git ${sub} runs filters over the history`;
    if (rest.some((w) => /^--(upload-pack|receive-pack|exec)(=|$)/.test(w) || (sub === 'clone' && w === '-u')))
      return `git ${sub} runs the pack program it is given through a shell`;
    return null;
  }
  for (const { long = [], short = [], runs } of RUNNING_FLAGS[program] ?? []) {
    for (let i = 1; i < argv.length; i++) {
      const w = argv[i]!;
      if (w === '--') break;
      if (
        w.startsWith('--')
          ? long.some((l) => isLong(w, l))
          : short.some((s) => w.startsWith('-') && new RegExp(`^-[a-zA-Z]*${s}`).test(w))
      )
        return `${program} ${w.split('=')[0]} ${runs}`;
    }
  }
  if (program === 'perf' && argv[1] === 'trace')
    return 'perf trace prints the data of what the command reads and writes';
  if (program === 'make' && argv.some((w) => /^-[a-zA-Z]*E/.test(w) || w.startsWith('--ev')))
    return 'make --eval adds rules given on the command line, whose recipes run';
  // A variable on make's command line that picks the shell its recipes run in, or how.
  const shellVariable =
    program === 'make' || program === 'gmake'
      ? argv.find((w) => /^(SHELL|\.SHELLFLAGS|MAKESHELL|MAKEFLAGS|MFLAGS|\.RECIPEPREFIX)[:+?!]?=/.test(w))
      : undefined;
  if (shellVariable) return `${program} ${shellVariable.split('=')[0]}= changes the shell its recipes run in, or how`;
  // gcc's -wrapper runs every program of the compilation through the command it names.
  if (/^(gcc|g\+\+|cc|c\+\+|clang|clang\+\+|gcc-\d+|g\+\+-\d+)$/.test(program) && argv.includes('-wrapper'))
    return `${program} -wrapper runs the compiler's programs through the command it is given`;
  if (
    (program === 'make' || program === 'ninja') &&
    argv.some(
      (w, i) =>
        /^(-f|--file|--makefile)$/.test(w) &&
        /^(-|\/dev\/(stdin|fd\/\d+)|\/proc\/self\/fd\/\d+)$/.test(argv[i + 1] ?? ''),
    )
  )
    return `${program} reads its build file from its input, whose recipes run`;
  if (program === 'cmake' && argv[1] === '-E' && ['env', 'time', 'chdir'].includes(argv[2] ?? ''))
    return `cmake -E ${argv[2]} runs the command it is given`;
  // strace and ltrace pipe their trace through a command given as `-o |CMD` or `-o !CMD`.
  if (
    (program === 'strace' || program === 'ltrace') &&
    argv.some(
      (w, i) => /^(-o|--output=?)/.test(w) && /^[|!]/.test(w.replace(/^(-o|--output=?)/, '') || (argv[i + 1] ?? '')),
    )
  )
    return `${program} -o |CMD pipes its trace through a shell command`;
  if (program === 'perl' && argv.some((w) => /^-[mM]/.test(w) && !/^-[mM]-?[\w:]+(=[\w,:]*)?$/.test(w)))
    return 'perl -M puts its value into a `use` line, which runs it as code';
  if (
    program === 'node' &&
    argv.some(
      (w, i) =>
        /^(--import|--require|-r|--loader|--experimental-loader)(=|$)/.test(w) &&
        /^(data|https?):/.test(w.includes('=') ? w.slice(w.indexOf('=') + 1) : (argv[i + 1] ?? '')),
    )
  )
    return 'node loads a module given inline or from the network';
  return null;
}
