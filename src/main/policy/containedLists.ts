// A program run on a list of files in contained mode (policy/contained.ts): `find … -exec CMD {} +`
// and `PRODUCER | … | xargs CMD`, judged as CMD with its own words (through the caller's judgment)
// and as CMD given every file the producer may list (secrets among them, links out, names xargs
// would split or read as options). The shapes are read by fileLists.ts.
import fs from 'node:fs';
import path from 'node:path';
import type { FileView, Place } from './containedFiles';
import { trackedFiles } from './gitIndex';
import type { SearchFilter } from './searchFilters';
import { NAMES_ONLY, PATTERN_FIRST, RUNS_OTHERS } from './containedPrograms';
import {
  card,
  insideOrCard,
  unwrap,
  type ContainedContext,
  type JudgeCommand,
  type Judged,
  type Where,
} from './containedJudging';
import { printsNamesOnly } from './containedOperands';
import { readConsumer, SHOWS_NAMES_ONLY, type ConsumerWrites } from './fileConsumers';
import { changesNothing } from './containedLineWrites';
import { passesLinesOn, producerList, readFind, readXargs, type FileList } from './fileLists';
import type { ShellCommand, ShellWord } from './shellForm';

/**
 * `find … -exec CMD {} ;`: CMD given every file find may list (readConsumer names the programs
 * allowed), judged with its own words and for what those files are; then find without its -exec.
 */
export function judgeFindExec(
  judged: Judged,
  cmd: ShellCommand,
  where: Where,
  view: FileView,
  ctx: ContainedContext,
  connector: string,
  last: boolean,
  depth: number,
  judgeCommand: JudgeCommand,
): void {
  const { argv, words } = judged;
  const reading = readFind(argv);
  const runs = '`find -exec` runs a command for each file it finds';
  if (!reading.ok) card('shell-construct', `${runs}, and ${reading.reason}`);
  const kept = new Set(words.map((_, k) => k));
  const dropExec = (exec: { indices: number[] }): void => {
    const open = exec.indices[0]! - 1;
    let close = exec.indices[exec.indices.length - 1]! + 1;
    while (close < argv.length && argv[close] !== ';' && argv[close] !== '+') close++;
    for (let k = open; k <= close; k++) kept.delete(k);
  };
  for (const exec of reading.execs) {
    // `-exec rm -rf {} +` over what -name keeps: the same as -delete, a folder with all it holds.
    if (reading.list.filter && /^rm( -(r|f|rf|fr|R|Rf|fR)| --recursive| --force)*$/.test(exec.argv.join(' '))) {
      judgeDeletes(reading.list, 'find -exec rm', where, view);
      dropExec(exec);
      continue;
    }
    const consumer = readConsumer(exec.argv);
    if (!consumer.ok) card('shell-construct', `${runs}: ${consumer.reason}`);
    judgeCommand(consumerCommand(exec.indices.map((k) => words[k]!)), where, view, ctx, 'start', last, depth + 1);
    judgeFileList(exec.argv, reading.list, where, view, false, consumer.writes);
    dropExec(exec);
  }
  const rest = words.filter((_, k) => kept.has(k));
  judgeCommand({ ...cmd, assignments: judged.assignments, words: rest }, where, view, ctx, connector, last, depth + 1);
}

/** A program given a list of files, as a simple command of its own words (no redirects). */
export function consumerCommand(words: readonly ShellWord[]): ShellCommand {
  return { assignments: [], words, redirects: [], connector: 'start', text: words.map((w) => w.value).join(' ') };
}

/**
 * What a program given every file of `list` would do beyond its own words: read a secrets file
 * among them to the model, follow a link among them out of the workspace, or (from xargs, which
 * splits its input, `split`) be given a name cut in two or read as an option; rewriting each in
 * place or beside it (`writes`), lose one no checkpoint holds or write inside .git.
 */
export function judgeFileList(
  consumer: readonly string[],
  list: FileList,
  where: Where,
  view: FileView,
  split: boolean,
  writes: ConsumerWrites = 'no',
): void {
  const program = consumer[0] === 'npx' ? consumer[1]! : consumer[0]!;
  // Names from the repository's top, opened from here: where here is not the top, a pathspec (which
  // is this directory's) says nothing of them, and any file below may be one.
  const atTop =
    where.cwd === view.workspace &&
    fs.statSync(path.join(view.workspace, '.git'), { throwIfNoEntry: false })?.isDirectory() === true;
  const fromTop = list.fromTop === true && !atTop;
  const named = fromTop ? { ...list, roots: [], filter: null } : list;
  const roots = named.roots.length > 0 ? named.roots : ['.'];
  const content =
    !NAMES_ONLY.has(program) &&
    !SHOWS_NAMES_ONLY.has(program) &&
    !(PATTERN_FIRST.has(program) && printsNamesOnly(program, consumer));
  for (const root of roots) {
    const place = insideOrCard(view, root, where, `the path ${root}`);
    if (place.kind !== 'inside') continue;
    // git names what it lists by the path as written: through a link on the way (`app` → `app2`)
    // its index's names are not the place's, and every file counts.
    const throughLink = path.posix.relative(view.workspace, path.posix.resolve(where.cwd, root)) !== place.rel;
    const tracked =
      (named.tracked || named.trackedOrCommitted) && !throughLink
        ? trackedFilter(view, place, fromTop ? 'top' : 'below', named.filter)
        : null;
    const filter = named.tracked ? (tracked ?? named.filter) : named.filter;
    // Tracked or committed names, read only: where no commit ever added a secrets file (the history
    // read once per state of its refs), one among them is one the index tracks.
    const committedNoSecret =
      named.trackedOrCommitted === true &&
      writes === 'no' &&
      content &&
      tracked !== null &&
      view.historySecret !== undefined &&
      view.historySecret() === null;
    const given = { content, links: list.listsLinks, split, bareNames: list.bareNames, writes };
    const problem =
      view.listProblem(place, list.how, filter, committedNoSecret ? { ...given, secretsByName: false } : given) ??
      (committedNoSecret ? view.listProblem(place, list.how, tracked, given) : null);
    if (problem)
      card(
        problem.code,
        `${program} would be given the files listed below ${place.rel || '.'}, and ${problem.sentence}${problem.code === 'shows-secret' ? ', and what it prints goes to the model' : ''}`,
      );
  }
}

/** Tracked folders this looks at for a link (more: the index's list is not used). */
const MAX_TRACKED_FOLDERS = 5000;

/**
 * What git lists below `place` when it lists only what its index tracks: the tracked paths (named
 * from `place`, or from the repository's top for `top`), within `filter`. Null when the index
 * git reads there is not the workspace's own one this reads (a repository nested on the way, a
 * worktree, an index it cannot read): every file then counts.
 */
function trackedFilter(
  view: FileView,
  place: Extract<Place, { kind: 'inside' }>,
  named: 'below' | 'top',
  filter: SearchFilter | null,
): SearchFilter | null {
  for (let dir = place.abs; dir.startsWith(`${view.workspace}/`); dir = path.dirname(dir))
    if (fs.existsSync(path.join(dir, '.git'))) return null;
  const tracked = trackedFiles(view.workspace);
  if (!tracked) return null;
  // A tracked folder that is now a link (`mv app app2 && ln -s app2 app`): git still lists its
  // entries by their old names, and a program given them reads through the link, where this
  // filter's walk does not go. Every file then counts (as for a large tree, not looked at).
  if (tracked.folders.size > MAX_TRACKED_FOLDERS) return null;
  for (const folder of tracked.folders)
    if (fs.lstatSync(path.join(view.workspace, folder), { throwIfNoEntry: false })?.isSymbolicLink()) return null;
  const prefix = named === 'top' || place.rel === '' ? '' : `${place.rel}/`;
  return {
    filtersFiles: true,
    reads: (below) => tracked.files.has(`${prefix}${below}`) && (filter?.reads(below) ?? true),
    skipsDir: (below) => !tracked.folders.has(`${prefix}${below}`) || (filter?.skipsDir(below) ?? false),
  };
}

/** `PRODUCER | … | xargs CMD`: CMD given every file the producer may list. */
export function judgeXargs(
  commands: readonly ShellCommand[],
  i: number,
  judged: Judged,
  where: Where,
  view: FileView,
  ctx: ContainedContext,
  last: boolean,
  depth: number,
  judgeCommand: JudgeCommand,
): void {
  const cmd = commands[i]!;
  const runs = RUNS_OTHERS.xargs!;
  // `xargs --version` prints its own and runs nothing: what is left is its redirects.
  if (judged.argv.length === 2 && /^--(version|help)$/.test(judged.argv[1]!)) {
    const printsOnly = { value: 'true', parts: [{ text: 'true', quoted: false }], glob: false, tilde: false };
    judgeCommand({ ...cmd, words: [printsOnly] }, where, view, ctx, cmd.connector, last, depth);
    return;
  }
  const readsAFile = (c: ShellCommand): boolean =>
    c.redirects.some((r) => r.kind === 'heredoc' || (r.kind === 'file' && r.op === '<'));
  const reading = readXargs(judged.argv);
  if (!reading.ok) card('shell-construct', `${runs}, and ${reading.reason}`);
  // `… | xargs echo` (or `xargs echo < FILE`): echo prints the words it is given and opens nothing,
  // whatever they are (a redirect on xargs is judged as on echo: a secrets file fed to it is a card).
  if (reading.argv[0] === 'echo') {
    const consumer = consumerCommand(reading.offset.map((k) => judged.words[k]!));
    judgeCommand({ ...consumer, redirects: cmd.redirects }, where, view, ctx, 'start', last, depth + 1);
    return;
  }
  if (cmd.connector !== '|') card('shell-construct', runs);
  let j = i;
  while (j > 0 && commands[j]!.connector === '|') j--;
  // Literal words piped straight in (`echo a.py b.py | xargs wc -l`): xargs puts them all on one
  // command line, which is judged as that command.
  // With -n1 it runs the command once for each word, each judged so.
  const lines = commandLines(judged.argv, reading.offset[0]!);
  const items = j === i - 1 && lines !== null ? literalItems(commands[j]!) : null;
  if (items !== null) {
    const own = reading.offset.map((k) => judged.words[k]!);
    for (const given of lines === 'one' ? [items] : items.map((item) => [item])) {
      const consumer = consumerCommand([...own, ...given.map(itemWord)]);
      judgeCommand({ ...consumer, redirects: cmd.redirects }, where, view, ctx, 'start', last, depth + 1);
    }
    return;
  }
  // `ls FILE… | xargs CMD` (`ls src/*.py | xargs wc -l`): ls prints each file's name as given, which
  // xargs puts on one command line, judged as `CMD FILE…`. Nothing beside ls in the pipe may change
  // what it lists (a later member starts with it).
  const after = commands.slice(i + 1);
  const end = after.findIndex((c) => c.connector !== '|');
  const beside = end === -1 ? after : after.slice(0, end);
  const trims = (c: ShellCommand): boolean =>
    changesNothing(c) || (c.redirects.length === 0 && passesLinesOn(unwrap(c).argv));
  const named =
    j === i - 1 && onOneLine(judged.argv, reading.offset[0]!) && beside.every(trims)
      ? lsOperands(commands[j]!, view, where.cwd)
      : null;
  if (named !== null) {
    const consumer = consumerCommand([...reading.offset.map((k) => judged.words[k]!), ...named]);
    judgeCommand({ ...consumer, redirects: cmd.redirects }, where, view, ctx, 'start', last, depth + 1);
    return;
  }
  const list = producerList(unwrap(commands[j]!).argv);
  if (list === null) card('shell-construct', `${runs}, and its input is not a list of files this rule reads`);
  for (let k = j + 1; k <= i; k++) {
    if (readsAFile(commands[k]!)) card('shell-construct', `${runs}, and its input comes from a file`);
    if (k < i && !passesLinesOn(unwrap(commands[k]!).argv))
      card('shell-construct', `${runs}, and ${commands[k]!.text} changes the list it is given`);
  }
  const consumed = readConsumer(reading.argv);
  if (!consumed.ok) card('shell-construct', `${runs}: ${consumed.reason}`);
  const consumer = consumerCommand(reading.offset.map((k) => judged.words[k]!));
  judgeCommand({ ...consumer, redirects: cmd.redirects }, where, view, ctx, 'start', last, depth + 1);
  // xargs splits its input on blanks and reads quotes, unless both ends use NULs (-print0, -0).
  const nul = judged.argv.some((w) => w === '-0' || w === '--null');
  judgeFileList(reading.argv, list, where, view, !(nul && list.nul), consumed.writes);
}

/**
 * The items xargs reads from a producer that prints only literal words: `echo WORD…` or
 * `printf '%s\n' WORD…` (`'%s '` too), no word an option, a pattern, a variable, or holding a quote
 * or a backslash (which echo or xargs would read). xargs splits them at blanks, as here. Null otherwise.
 */
function literalItems(producer: ShellCommand): string[] | null {
  const [program, ...args] = producer.words;
  if (!program || producer.assignments.length > 0 || producer.redirects.length > 0) return null;
  let words: readonly ShellWord[];
  if (program.value === 'echo') words = args;
  else if (program.value === 'printf' && (args[0]?.value === '%s\\n' || args[0]?.value === '%s '))
    words = args.slice(1);
  else return null;
  if (words.some((w) => w.glob || w.tilde || w.expands || w.parts.some((p) => p.variable || p.runs))) return null;
  if (words.some((w) => w.value.startsWith('-') || /['"\\]/.test(w.value))) return null;
  return words.flatMap((w) => w.value.split(/[ \t\n]+/).filter((item) => item !== ''));
}

/** `*`, as sh expands it where `ls` alone lists. */
const EVERY_NAME: ShellWord = { value: '*', parts: [{ text: '*', quoted: false }], glob: true, tilde: false };

/**
 * The words `ls FILE…` (or `ls -1 FILE…`) prints, for xargs to pass on: each operand (each match
 * of a glob, as sh expands it) names a file inside the workspace that is there and no folder, which
 * ls prints as given, one a line; none holds a blank, a quote or a backslash (xargs would split or
 * read it) or begins with `-` (an option, to ls and to the program). `ls` alone prints the names
 * `*` matches, folders among them. Null otherwise, and when a command that ran before it on the
 * line may have changed what is there (a folder, whose entries ls prints instead: `mkdir x.py;
 * touch x.py/id_rsa; ls *.py | xargs cat` reads ./id_rsa).
 */
function lsOperands(producer: ShellCommand, view: FileView, cwd: string): ShellWord[] | null {
  const [program, ...args] = producer.words;
  if (program?.value !== 'ls' || producer.assignments.length > 0 || producer.redirects.length > 0) return null;
  if (view.lineMayHaveChanged) return null;
  const operands = args.filter((w) => w.value !== '-1');
  if (operands.some((w) => w.tilde || w.expands || w.parts.some((p) => p.variable || p.runs))) return null;
  const words = operands.length > 0 ? operands : [EVERY_NAME];
  for (const word of words) {
    const names = word.glob ? view.expand(word, cwd) : [word.value];
    if (names === null) return null;
    for (const name of names) {
      // A glob's matches are named from cwd as sh puts them: ls prints them as they are written.
      const printed = word.glob && !word.value.startsWith('/') ? name.slice(cwd.length + 1) : name;
      if (printed.startsWith('-') || /[\s'"\\]/.test(printed)) return null;
      const place = view.place(printed, cwd);
      if (place.kind !== 'inside') return null;
      const stat = view.session.lstat(place.abs);
      if (stat === undefined || (stat.isDirectory() && operands.length > 0)) return null;
    }
  }
  return [...words];
}

/** xargs given no option that splits its input across command lines or reads it otherwise (only -r and -t). */
function onOneLine(argv: readonly string[], consumerAt: number): boolean {
  return commandLines(argv, consumerAt) === 'one';
}

/**
 * How xargs puts the items it reads on command lines when its only options are -r, -t and one
 * word a line (`-n1`, `-n 1`, `--max-args=1`): all on one, or each on its own. Null for any other.
 */
function commandLines(argv: readonly string[], consumerAt: number): 'one' | 'each' | null {
  let lines: 'one' | 'each' = 'one';
  const words = argv.slice(1, consumerAt);
  for (let k = 0; k < words.length; k++) {
    const w = words[k]!;
    if (/^(-r|-t|-rt|-tr|--no-run-if-empty|--verbose)$/.test(w)) continue;
    if (/^(-n1|--max-args=1)$/.test(w)) lines = 'each';
    else if (w === '-n' && words[k + 1] === '1') {
      lines = 'each';
      k++;
    } else return null;
  }
  return lines;
}

/** An item xargs passes on: a word as it is, never a pattern. */
function itemWord(item: string): ShellWord {
  return { value: item, parts: [{ text: item, quoted: true }], glob: false, tilde: false };
}

/** Deleting what a find's names keep below its roots: a card for what no checkpoint holds, or for `.git`. */
export function judgeDeletes(list: FileList, what: string, where: Where, view: FileView): void {
  for (const root of list.roots.length > 0 ? list.roots : ['.']) {
    const place = insideOrCard(view, root, where, `the path ${root}`);
    if (place.kind !== 'inside' || !list.filter) continue;
    const loss = view.lossAmongListed(place, list.filter);
    if (loss?.includes('inside .git')) card('git-dir', `${what} would delete ${loss}`);
    if (loss) card('irreversible-loss', `${what} would delete what no checkpoint holds: ${loss}`);
  }
}
