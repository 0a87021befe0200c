// What reads files this rule never sees named, or prints a secrets file it finds itself: archivers
// and other programs opening the files a list names (on their input or in a file), response files
// (`gcc @FILE`), ack's .ackrc, make's database and its command line's variables, jq's filters from
// input or by module, and the `.env` loaders that print what they load.
import path from 'node:path';
import { wordTable } from '../../shared/wordTable';
import type { FileView } from './containedFiles';
import { card, insideOrCard, type Where } from './containedJudging';
import { SHELLS } from './containedPrograms';
import { PRINTS_ENVIRONMENT, runsInlineCode } from './containedShown';
import { namesStandardInput } from './interpreterInput';
import { isSecretPath } from './secretFiles';

/** Loaders of `.env` that print what they load, or run a printer of the environment with it. */
const DOTENV_LOADERS = new Set(['dotenv', 'dotenvx', 'dotenv-cli', 'pipenv', 'env-cmd', 'honcho', 'foreman', 'forego']);

/** Programs that open, and print or pack, the files a list names (on their input or in a file). */
const READS_LISTED: Readonly<Record<string, (argv: readonly string[]) => boolean>> = wordTable({
  sort: (argv) => argv.some((w) => w.startsWith('--files0-from')),
  xz: (argv) => argv.some((w) => w.startsWith('--files')),
  lzma: (argv) => argv.some((w) => w.startsWith('--files')),
  zstd: (argv) => argv.some((w) => w.startsWith('--filelist')),
  xgettext: (argv) => argv.some((w) => /^-[a-zA-Z]*f/.test(w) || w.startsWith('--files-from')),
  rsync: (argv) => argv.some((w) => w.startsWith('--files-from')),
  '7z': (argv) => argv.some((w) => w.startsWith('@') || w.startsWith('-i@')),
  '7za': (argv) => argv.some((w) => w.startsWith('@') || w.startsWith('-i@')),
  bsdtar: (argv) => argv.some((w) => /^-[a-zA-Z]*T/.test(w) || w.startsWith('--files-from')),
  pax: (argv) => argv.some((w) => /^-[a-zA-Z]*w/.test(w)),
});

/**
 * Programs that read more arguments from a response file (`@FILE`), binutils and gcc recursively:
 * what it holds (an operand, an option's file, another `@FILE`) is never seen here.
 */
const RESPONSE_FILES =
  /^(gcc|g\+\+|cc|c\+\+|cpp|clang|clang\+\+|clang-cpp|gcc-\d+|g\+\+-\d+|ld|ld\.bfd|ld\.gold|ld\.lld|lld|as|nm|objdump|objcopy|readelf|size|strings|strip|ar|ranlib|addr2line|c\+\+filt|elfedit|gprof|gcov|dwp|llvm-[\w-]+|java|javac|javadoc|jar|jlink|jpackage|rustc|rustdoc|kotlinc|scalac|dotnet|csc|msbuild)$/;

/**
 * Cards for what reads files this rule never sees named, or prints a secrets file it finds itself:
 * archivers reading the list of files on their input (`tar -T -`, `zip -@`, `cpio -o`), a makefile
 * given attached in a cluster (`make -pf.env`), and `.env` loaders printing it (`dotenv list`,
 * `dotenv get`, `python3 -m dotenv list`, `dotenv run env`, `pipenv run env`).
 */
export function listedFilesAndLoaders(program: string, argv: readonly string[], view: FileView, where: Where): void {
  if (
    (program === 'tar' && argv.some((w) => /^-[a-zA-Z]*T/.test(w) || w.startsWith('--files-from'))) ||
    (program === 'zip' && argv.some((w) => /^-[a-zA-Z]*@/.test(w) || w === '--names-stdin')) ||
    (program === 'cpio' && argv.some((w) => /^-[a-zA-Z]*o/.test(w) || w === '--create')) ||
    ((program === 'ack' || program === 'ack-grep') &&
      argv.some((w) => /^-[a-zA-Z]*x/.test(w) || w.startsWith('--files-from'))) ||
    READS_LISTED[program]?.(argv) === true
  )
    card('shell-construct', `${program} reads the files its input or a list names, which this rule does not read`);
  // (Also inside gcc's lists for the linker and assembler: `-Wl,@FILE`.)
  const response = RESPONSE_FILES.test(program)
    ? argv.slice(1).find((w) => /^@./.test(w) || /^-W[alp],(.*,)?@/.test(w))
    : undefined;
  if (response)
    card('shell-construct', `${program} reads more arguments from the file ${response}, which this rule does not read`);
  // ack reads options from a .ackrc in its folder or any above it (an --invert-match, a --pager).
  if (program === 'ack' || program === 'ack-grep') {
    let dir = where.cwd;
    for (;;) {
      const rc = view.place(`${dir}/.ackrc`, where.cwd);
      if (rc.kind === 'inside' && rc.stat !== undefined)
        card('shell-construct', `ack reads its options from ${rc.rel}, which this rule does not read`);
      if (dir === view.workspace || !dir.startsWith(`${view.workspace}/`)) break;
      dir = path.posix.dirname(dir);
    }
  }
  // make's database holds every variable, those a makefile reads with `-include .env` among them;
  // a variable given on its command line runs make's functions (`$(file <.env)`, `$(shell …)`).
  if (program === 'make' && argv.some((w) => /^-[a-zA-Z]*p/.test(w) || w === '--print-data-base'))
    card('shows-secret', 'make -p prints every variable, those its makefile reads from a .env among them');
  if (program === 'make' && argv.some((w) => /^[^-][^=]*=/.test(w) && w.includes('$')))
    card('shell-construct', "a variable given to make runs make's functions, which this rule does not read");
  // jq's filter from its input (-f /dev/stdin), or one loading modules and data by name (-L, import).
  if (program === 'jq' || program === 'gojq') {
    const fromFile = argv.findIndex((w) => w === '-f' || w === '--from-file');
    if (fromFile !== -1 && namesStandardInput(argv[fromFile + 1] ?? '-'))
      card('shell-construct', `${program} reads its filter from its input, which this rule does not read`);
    if (
      argv.some((w) => /^-L/.test(w) || w.startsWith('--library-path')) ||
      argv.some((w) => /\b(import|include)\s+"/.test(w))
    )
      card('shell-construct', `${program}'s filter loads modules or data files by name, which this rule does not read`);
  }
  if (program === 'make')
    for (const w of argv.slice(1)) {
      const attached = /^-[a-zA-Z]*f(.+)$/.exec(w)?.[1];
      if (attached === undefined) continue;
      const place = insideOrCard(view, attached, where, `the makefile ${attached}`);
      if (place.kind === 'inside' && isSecretPath(place.rel))
        card('shows-secret', `make reads the secrets file ${place.rel} as its makefile`);
    }
  const loader =
    DOTENV_LOADERS.has(program) ||
    ((program === 'python3' || program === 'python') && argv[1] === '-m' && argv[2] === 'dotenv');
  if (!loader) return;
  const given = program === 'python3' || program === 'python' ? argv.slice(3) : argv.slice(1);
  // env-cmd runs the command after its options with .env loaded, as `dotenv run` does.
  const words = program === 'env-cmd' ? ['run', ...given] : given;
  const sub = words.find((w) => !w.startsWith('-'));
  // dotenv-cli: `dotenv -p NAME` prints a value it loaded; `dotenv -- CMD` runs CMD with them.
  if ((program === 'dotenv' || program === 'dotenv-cli') && words.some((w) => w === '-p'))
    card('shows-secret', `${program} -p prints a value it loads from the secrets file .env`);
  // python-dotenv's set and unset rewrite the file it loads (.env, or -f FILE), which no checkpoint holds.
  if (sub === 'set' || sub === 'unset')
    card(
      'irreversible-loss',
      `${program} ${sub} rewrites the file it loads (.env unless -f names another), which no checkpoint holds`,
    );
  if (sub === 'list' || sub === 'get' || sub === 'decrypt' || sub === 'keypair')
    card('shows-secret', `${program} ${sub} prints what it loads from the secrets file .env`);
  if (sub === 'run' || words.includes('--')) {
    const after = words.slice(sub === 'run' ? words.indexOf('run') + 1 : words.indexOf('--') + 1);
    const at = after.findIndex((w) => !w.startsWith('-') && w !== '--');
    const runs = at === -1 ? undefined : path.posix.basename(after[at]!);
    const inner = at === -1 ? [] : after.slice(at);
    // What it runs may print that environment: a printer of it, a shell, awk, code on its command
    // line (`python3 -c 'print(os.environ)'`, `node -p process.env`), make's database.
    if (
      runs !== undefined &&
      (PRINTS_ENVIRONMENT.has(runs) ||
        SHELLS.has(runs) ||
        /^(awk|gawk|mawk|nawk|perl|ruby)$/.test(runs) ||
        runsInlineCode(runs, inner) ||
        (runs === 'make' && inner.some((w) => /^-[a-zA-Z]*p/.test(w) || w === '--print-data-base')))
    )
      card('shows-secret', `${runs} may print the environment ${program} loaded from the secrets file .env`);
  }
}
