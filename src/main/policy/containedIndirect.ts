// Programs that read files their words name only indirectly, in contained mode (policy/contained.ts
// judges each command with this): the system's own databases (getent), the files a preprocessor's
// #include names, Python modules named through a link out, a query engine's query, Go yq's load
// operators.
import { judgeSourceIncludes } from './containedIncludes';
import { card, outside, type Where } from './containedJudging';
import type { FileView } from './containedFiles';
import { writtenOnLine } from './containedLineWrites';
import { QUERY_ENGINES } from './containedPrograms';
import { mentionsSecret } from './secretFiles';
import type { ShellCommand } from './shellForm';

/** Programs that print the system's own files, and why. */
const SYSTEM_READERS: ReadonlyMap<string, string> = new Map([
  ['getent', "prints the system's databases (/etc/passwd, /etc/group, /etc/hosts)"],
  ['lsb_release', 'prints /etc/os-release and /etc/lsb-release'],
]);

/** The C preprocessor, compilers running it, and assemblers. */
const PREPROCESSES: ReadonlySet<string> = new Set([
  'cpp',
  'gcc',
  'g++',
  'cc',
  'c++',
  'clang',
  'clang++',
  'as',
  'gas',
  'nasm',
  'yasm',
]);

/** The Python modules a command names: `-m MOD` (and runpy's, unittest's, cProfile's -m), imports in -c code, pytest's `-p MOD`. */
function pythonModules(argv: readonly string[]): string[] {
  const modules: string[] = [];
  argv.forEach((w, i) => {
    const next = argv[i + 1];
    if ((w === '-m' || w === '-p') && next !== undefined && /^[\w.]+$/.test(next)) modules.push(next);
    else if (/^-p[\w.]+$/.test(w)) modules.push(w.slice(2));
    if (w === '-c' && next !== undefined)
      for (const m of next.matchAll(/\b(?:import|from)\s+([\w.]+)/g)) modules.push(m[1]!);
  });
  // A module runner's operand (`python3 -m unittest pkg.mod`, `-m runpy pkg.mod`) is a module too.
  const runner = argv.indexOf('-m');
  if (runner > 0 && /^(unittest|runpy|trace|cProfile|profile|inspect|pdb|doctest|timeit)$/.test(argv[runner + 1] ?? ''))
    for (const w of argv.slice(runner + 2)) if (/^[A-Za-z_][\w.]*$/.test(w)) modules.push(w);
  return modules.filter((m) => m !== 'no' && !m.startsWith('no:'));
}

/** A card for what `program` reads through the names its words give indirectly. */
export function judgeIndirectReads(
  cmd: ShellCommand,
  program: string,
  argv: readonly string[],
  view: FileView,
  where: Where,
): void {
  // Readers of the system's own files outside the workspace (/etc/passwd, /etc/os-release).
  const systemRead = SYSTEM_READERS.get(program);
  if (systemRead !== undefined) card('place-outside', `${program} ${systemRead}, outside the workspace`);
  // The C preprocessor and the assembler given their source on standard input, or as a file this
  // line wrote, read the files its #include and .incbin name.
  if (
    PREPROCESSES.has(program) &&
    (cmd.connector === '|' ||
      cmd.redirects.some((r) => r.kind === 'heredoc' || (r.kind === 'file' && r.op === '<')) ||
      argv.slice(1).some((w) => w === '-' || writtenOnLine(view, w, where.cwd) !== null))
  )
    card(
      'shell-construct',
      `${program} reads the files its source's #include or .incbin names, which this rule does not read`,
    );
  // Given sources on disk, what they include is read from them (containedIncludes.ts).
  if (PREPROCESSES.has(program) || program === 'rustc') judgeSourceIncludes(program, argv, view, where);
  // A Python module named from here (`-m pkg.mod`, `import pkg.mod`, pytest's `-p pkg`) through a link out.
  if (/^python[\d.]*$/.test(program) || program === 'pytest' || program === 'py.test')
    for (const module of pythonModules(argv)) {
      const top = module.split('.')[0]!;
      for (const name of [top, `${top}.py`]) {
        const place = view.place(name, where.cwd);
        if (place.kind === 'outside') outside(`the module ${module}`, place.reason);
      }
    }
  // A query engine reads the files its query names (`duckdb -c "select * from '.env'"`).
  if (QUERY_ENGINES.has(program))
    for (const w of argv.slice(1)) {
      const named = mentionsSecret(w);
      if (named)
        card(
          'shows-secret',
          `${program}'s query names the secrets file ${named}, and what it prints goes to the model`,
        );
    }
  // Go yq's load operators read the file they name; m4 includes files and runs commands.
  if (program === 'yq' && argv.some((w) => /\bload(_str|_xml|_props|_base64|_yaml)?\s*\(/.test(w)))
    card(
      'shell-construct',
      "yq's load operators read a file named inside its expression, which this rule does not read",
    );
}
