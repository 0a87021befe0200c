// Code that a command line gives an interpreter as text of its own: a heredoc or a literal echo piped
// into it (`python3 - <<'EOF'`, `echo CODE | node`), and a script that an earlier command of the
// same line writes and a later one runs (`cat > t.py <<'EOF' … EOF` then `python3 t.py`, or
// `./t.sh`). Literal text is judged as the code given on a command line is (`python3 -c TEXT`,
// inlineCode.ts); a script the line writes with text this rule cannot read (a program's output, an
// in-place edit, tee) is a card. A script written by an earlier call is the project's own code, as
// any file in the workspace is (docs/sandbox.md).
import path from 'node:path';
import type { FileView } from './containedFiles';
import { card, type Judged, type Where } from './containedJudging';
import { INLINE_CODE_FLAGS } from './containedPrograms';
import { interpreterProgram } from './interpreterInput';
import { keyOf, lineState } from './containedLineWrites';
import { mentionsSecret } from './secretFiles';
import { INTERPRETERS } from './shellConstructs';
import type { ShellCommand, ShellWord } from './shellForm';

/** Shells whose `-c TEXT` the rule reads as a command of its own (containedShells.ts inlineScript). */
const SHELL_TEXT = new Set(['sh', 'bash', 'dash']);

/** The flag that gives each interpreter its code as a word. */
function codeFlag(program: string): string | null {
  if (SHELL_TEXT.has(program)) return '-c';
  const flags = INLINE_CODE_FLAGS[program];
  return flags?.[0]?.startsWith('-') ? flags[0] : null;
}

/** A word of text, quoted: judged as the code it is, never expanded. */
function textWord(value: string): ShellWord {
  return { value, parts: [{ text: value, quoted: true }], glob: false, tilde: false };
}

/** The interpreter a written script's first line names (`#!/usr/bin/env python3`), sh without one. */
function shebangProgram(text: string): string | null {
  if (!text.startsWith('#!')) return 'sh';
  const line = text.slice(2, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n')).trim();
  const [interpreter, ...args] = line.split(/\s+/);
  const name = path.posix.basename(interpreter ?? '');
  if (name !== 'env') return args.length === 0 ? name : null;
  return args.length === 1 ? path.posix.basename(args[0]!) : null;
}

/**
 * The commands to judge instead of `cmd` when it gives an interpreter code as text of its line: the
 * interpreter with that text as its `-c`/`-e` word, the heredoc taken off (and sh with it, for a file
 * without a #! line that sh may run too). Null when `cmd` runs no such text. A card when it runs a script the line wrote with text this rule cannot read.
 */
export function lineCode(
  cmd: ShellCommand,
  judged: Judged,
  program: string,
  view: FileView,
  where: Where,
  /** How deep inside runners' words the command was found (0: sh runs it itself). */
  depth = 0,
): ShellCommand[] | null {
  const { argv, words } = judged;
  const { written, piped } = lineState(view);
  const asCode = (interpreter: string, before: readonly ShellWord[], text: string, after: readonly ShellWord[]) => {
    const flag = codeFlag(interpreter);
    if (flag === null)
      card(
        'shell-construct',
        `${interpreter} is given code as text, which this rule reads only for ${[...SHELL_TEXT, 'python3', 'node'].join(', ')} and their kin`,
      );
    return {
      ...cmd,
      assignments: judged.assignments,
      words: [...before, textWord(flag), textWord(text), ...after],
      redirects: cmd.redirects.filter((r) => r.kind !== 'heredoc'),
    };
  };
  const writtenText = (name: string): string | null => {
    if (written.size === 0) return null;
    const known = written.get(keyOf(view, name, where.cwd));
    if (!known) return null;
    known.judged = true;
    if (known.unread)
      card(
        'shell-construct',
        `${name} is written earlier on this line with text this rule cannot read, and then run; write it in its own call first`,
      );
    return known.texts.join('');
  };
  // A program by path that the line wrote (`./t.sh`): the interpreter its first line names.
  if (argv[0]!.includes('/')) {
    const text = writtenText(argv[0]!);
    if (text === null) return null;
    // Without a #! line sh runs it as a shell script; a word a runner may run (depth > 0) is judged
    // by its name's language, since such a word is often no command at all (`npx vitest run t.ts`).
    // A wrapper that starts it through execvp (stdbuf, flock, xargs) hands it to sh all the same
    // when it may be executable (its mode on disk, or a command on the line that may change one):
    // then it is judged as both.
    const bare = depth > 0 && !text.startsWith('#!');
    const interpreter = bare ? (languageOf(argv[0]!, text) ?? 'sh') : shebangProgram(text);
    if (interpreter === null || codeFlag(interpreter) === null)
      card(
        'shell-construct',
        `${argv[0]} is written earlier on this line and run by an interpreter this rule does not read`,
      );
    const readings = [asCode(interpreter, [textWord(interpreter)], text, words.slice(1))];
    if (bare && interpreter !== 'sh' && mayBeExecutable(view, argv[0]!, where.cwd))
      readings.push(asCode('sh', [textWord('sh')], text, words.slice(1)));
    return readings;
  }
  if (codeFlag(program) === null) return null;
  const runs = interpreterProgram(program, argv);
  if (runs.from === 'script') {
    const text = writtenText(argv[runs.index]!);
    if (text === null) return null;
    return [asCode(program, words.slice(0, runs.index), text, words.slice(runs.index + 1))];
  }
  if (runs.from !== 'input') return null;
  // Its input, given whole as text: one heredoc (nothing piped in, no `<`), or a pipe from a literal echo.
  const heredocs = cmd.redirects.filter((r) => r.kind === 'heredoc');
  const stdinFiles = cmd.redirects.filter((r) => r.kind === 'file' && r.op === '<');
  const fromPipe = cmd.connector === '|';
  let text: string | null = null;
  if (!fromPipe && heredocs.length === 1 && stdinFiles.length === 0) {
    const body = heredocs[0]!;
    text = body.kind === 'heredoc' ? body.body : null;
  } else if (fromPipe && heredocs.length === 0 && stdinFiles.length === 0) text = piped;
  if (text === null) return null;
  // A shell reads a script on its input as it runs it, line by line: a command in it that reads its
  // input (`head -c 8`) takes the script's next lines, which then never run or run otherwise than
  // read here. Python, node, ruby, perl, php and lua read their whole program first.
  if (SHELL_TEXT.has(program))
    card(
      'shell-construct',
      `${program} reads its script from its input as it runs, where a command of it may read the script's next lines; write \`${program} -c '…'\` or a script file`,
    );
  // The words after the input's name (`-`, /dev/stdin) are the code's arguments.
  const named = runs.index;
  if (named !== undefined && argv[named] !== '-') return null;
  return [
    asCode(program, words.slice(0, named ?? words.length), text, named === undefined ? [] : words.slice(named + 1)),
  ];
}

/** Whether a file the line wrote may have an execute bit when it runs: on disk now, or set by a command before. */
function mayBeExecutable(view: FileView, name: string, cwd: string): boolean {
  if (lineState(view).modesMayChange) return true;
  const place = view.place(name, cwd);
  return place.kind === 'inside' && ((view.session.lstat(place.abs)?.mode ?? 0) & 0o111) !== 0;
}

/** The interpreter whose code a file's name or first line says it holds, or null. */
function languageOf(name: string, text: string): string | null {
  const ext = path.posix.extname(name).toLowerCase();
  const byExt = LANGUAGES[ext];
  if (byExt !== undefined) return byExt;
  return text.startsWith('#!') ? shebangProgram(text) : null;
}

const LANGUAGES: Readonly<Record<string, string>> = {
  '.py': 'python3',
  '.js': 'node',
  '.cjs': 'node',
  '.mjs': 'node',
  '.ts': 'node',
  '.mts': 'node',
  '.cts': 'node',
  '.tsx': 'node',
  '.jsx': 'node',
  '.sh': 'sh',
  '.bash': 'bash',
  '.rb': 'ruby',
  '.pl': 'perl',
  '.php': 'php',
  '.lua': 'lua',
};

/** Files that runners read their commands from (recipes, scripts, hooks, build scripts). */
const RUNNER_CONFIG =
  /^(GNUmakefile|[Mm]akefile|.*\.mk|package\.json|pyproject\.toml|setup\.cfg|tox\.ini|pytest\.ini|noxfile\.py|[Jj]ustfile|\.justfile|Taskfile\.ya?ml|Cargo\.toml|build\.rs|config\.toml|deno\.jsonc?|bunfig\.toml|Rakefile|Gemfile|composer\.json|(vite|vitest|jest|webpack|rollup|babel|eslint|prettier|playwright|next|nuxt|svelte|astro|tailwind|postcss)\.config\.[cm]?[jt]s|\.babelrc|\.eslintrc.*|\.?ruff\.toml|\.prettierrc.*|\.isort\.cfg|.*\.pth|sitecustomize\.py|usercustomize\.py)$/;

/**
 * Programs that never run a file the line wrote (they read, list, copy, edit or print it), so
 * nothing written is judged as code when they follow it; wrappers and lists (xargs, find -exec)
 * are judged through the command they run.
 */
const RUNS_NO_WRITTEN_CODE = new Set([
  'cat',
  'head',
  'tail',
  'less',
  'more',
  'ls',
  'wc',
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'ag',
  'ack',
  'sed',
  'sort',
  'uniq',
  'cut',
  'tr',
  'diff',
  'cmp',
  'file',
  'stat',
  'du',
  'tree',
  'find',
  'mkdir',
  'touch',
  'cp',
  'mv',
  'rm',
  'rmdir',
  'chmod',
  'ln',
  'echo',
  'printf',
  'true',
  'false',
  'sleep',
  'test',
  '[',
  'cd',
  'pwd',
  'basename',
  'dirname',
  'realpath',
  'readlink',
  'git',
  'base64',
  'xxd',
  'od',
  'hexdump',
  'md5sum',
  'sha1sum',
  'sha256sum',
  'jq',
  'column',
  'nl',
  'fold',
  'paste',
  'tee',
  'xargs',
  'date',
  'env',
  'which',
  'type',
  'command',
  'export',
]);

/** Interpreters that read a file they are given as data, not as their program. */
const READS_DATA = new Set(['awk', 'gawk', 'mawk', 'nawk', 'sqlite3', 'sqlite', 'psql', 'mysql']);

/** Whether the program runs a file it is given as code: an interpreter's script, `cmake -P FILE`, `java FILE.java`. */
function runsItsFile(program: string, argv: readonly string[]): boolean {
  if (INTERPRETERS.has(program)) return !READS_DATA.has(program);
  if (program === 'cmake') return argv.includes('-P');
  if (program === 'java') return argv.some((w) => w.endsWith('.java'));
  return false;
}

/**
 * Before a program that may run code the line wrote (a test runner given the file, `python3 -m
 * mod`, `npm test`): each file the line wrote with literal text in a language this rule reads,
 * judged once as that interpreter's -c/-e code. A file named among the program's words that the
 * line wrote with text this rule cannot read is a card; one it did not name, written so, is the
 * project's own code (docs/sandbox.md).
 */
export function writtenCodeRuns(
  cmd: ShellCommand,
  judged: Judged,
  program: string,
  view: FileView,
  where: Where,
): ShellCommand[] {
  const { written } = lineState(view);
  if (written.size === 0 || RUNS_NO_WRITTEN_CODE.has(program)) return [];
  const runs: ShellCommand[] = [];
  const named = new Set<string>();
  for (const w of judged.argv.slice(1)) {
    if (w.startsWith('-') || w.includes('\n') || w.length > 1024) continue;
    const key = keyOf(view, w.replace(/::.*$/, ''), where.cwd);
    if (written.has(key)) named.add(key);
  }
  for (const [key, file] of written) {
    if (file.judged) continue;
    if (named.has(key) && file.unread) {
      file.judged = true;
      card(
        'shell-construct',
        `${judged.argv[0]} is given ${path.posix.basename(key)}, which this line writes with text this rule cannot read; write it in its own call first`,
      );
    }
    // A runner's configuration (a Makefile's recipes, package.json's scripts, tox.ini's commands)
    // is code in a language this rule does not read, run by whatever follows.
    if (RUNNER_CONFIG.test(path.posix.basename(key)) || (named.has(key) && /^g?make$/.test(program))) {
      file.judged = true;
      card(
        'shell-construct',
        `${path.posix.basename(key)} is written earlier on this line, and ${judged.argv[0]} may run what it holds; write it in its own call first`,
      );
    }
    if (file.texts.length === 0) continue;
    const text = file.texts.join('');
    const language = languageOf(key, text);
    if (language === null || codeFlag(language) === null) {
      if (!named.has(key)) continue;
      file.judged = true;
      // Given to a program that runs it as code in a language this rule does not read (tclsh, groff's
      // requests, `cmake -P`, Java's source launcher), the text may reach any file by a pattern.
      if (runsItsFile(program, judged.argv))
        card(
          'shell-construct',
          `${judged.argv[0]} runs ${path.posix.basename(key)}, which this line writes in a language this rule does not read; write it in its own call first`,
        );
      const secret = mentionsSecret(text);
      if (secret)
        card(
          'shows-secret',
          `${judged.argv[0]} is given ${path.posix.basename(key)}, which this line writes naming the secrets file ${secret}`,
        );
      continue;
    }
    file.judged = true;
    runs.push({
      ...cmd,
      assignments: [],
      words: [textWord(language), textWord(codeFlag(language)!), textWord(text)],
      redirects: [],
      connector: 'start',
    });
  }
  return runs;
}
