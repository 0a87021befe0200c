// What a command line has written so far, for the commands after it (policy/contained.ts records
// it command by command): per file, the literal text an echo, a printf or a heredoc given to cat
// wrote there, or that a command wrote text this rule cannot read (a program's output, tee, an edit
// in place of what the line wrote, a copy); and what a literal producer pipes into the next
// command. containedLineCode.ts judges code with it; the patch and activate readers read it.
import path from 'node:path';
import { certainlyReadOnly } from './commandReading';
import type { FileView } from './containedFiles';
import { programName, type Where } from './containedJudging';
import { outputTargets } from './containedOutputs';
import { readXargs } from './fileLists';
import type { ShellCommand, ShellWord } from './shellForm';

/** What a line has written so far, per file (its absolute path as written, or where it resolves inside). */
export interface Written {
  /** The literal texts written to it, in order (`>` starts again, `>>` adds). */
  texts: string[];
  /** Whether a command wrote to it text this rule cannot read (a program's output, tee, a copy). */
  unread: boolean;
  /** Whether its literal texts were judged as code already, on this line. */
  judged: boolean;
}

export interface LineState {
  written: Map<string, Written>;
  /** The literal text the command before the one being judged pipes into it, if any. */
  piped: string | null;
  /**
   * Whether a command so far may have changed a file's mode (chmod, a copy that keeps one, any
   * program but those that only print or write text through a redirect, which keeps a file's mode
   * or makes one without an execute bit).
   */
  modesMayChange: boolean;
}

/** Programs that change no file's mode: they print, or write text a redirect takes, or make a folder or an empty file. */
const KEEP_MODES: ReadonlySet<string> = new Set(['echo', 'printf', 'cat', 'tee', 'touch', 'mkdir', 'cd', 'true', ':']);

const states = new WeakMap<FileView, LineState>();

/** What this decision's line has written and piped so far (one state per decision's FileView). */
export function lineState(view: FileView): LineState {
  let state = states.get(view);
  if (!state) {
    state = { written: new Map(), piped: null, modesMayChange: false };
    states.set(view, state);
  }
  return state;
}

/**
 * Whether a command certainly changes no file: a search, a `cd`, or a command the run list's
 * read-only rows admit (commandReading.ts certainlyReadOnly), with no redirect but of its input or
 * to /dev/null. Any other may have written, made a folder or a link, before what follows it runs.
 */
export function changesNothing(c: ShellCommand): boolean {
  const argv = c.words.map((w) => w.value);
  // xargs running a read-only program (`… | xargs wc -l`) changes nothing either.
  const xargs = argv[0] === 'xargs' ? readXargs(argv) : null;
  return (
    c.redirects.every((r) => r.kind !== 'file' || r.op === '<' || r.target.value === '/dev/null') &&
    (c.words.length === 0 ||
      argv[0] === 'cd' ||
      /^(grep|egrep|fgrep|rg|ag|ack|ack-grep)$/.test(programName(argv[0]!)) ||
      certainlyReadOnly({ ok: true, argv }) ||
      (xargs?.ok === true && certainlyReadOnly({ ok: true, argv: [...xargs.argv] })))
  );
}

/**
 * What the line has written, as a loop's next turn would see it: each file's distinct texts (a turn
 * that appends what the last did adds nothing new to judge) and whether any is unread.
 */
export function writtenSignature(view: FileView): string {
  const state = lineState(view);
  const entries = [...state.written].map(([key, w]) => [key, [...new Set(w.texts)].sort(), w.unread]);
  // What a turn did beyond text: changed files otherwise (a folder, a mode) for what reads them next.
  const beyond = [view.lineMayHaveChanged, state.modesMayChange];
  return JSON.stringify([beyond, entries.sort((a, b) => (a[0]! < b[0]! ? -1 : 1))]);
}

/** Puts back what the line had written (before one of a loop's values ran). */
export function resetWritten(view: FileView, to: ReadonlyMap<string, Written>): void {
  const { written } = lineState(view);
  written.clear();
  for (const [key, w] of to) written.set(key, w);
}

/**
 * What the line has written after each of a loop's values wrote in its own turn (`after`, each
 * from `before`): a file every turn leaves alike keeps that; one they leave differently (written
 * by one, not by another, or with other text) holds text this rule cannot read.
 */
export function agreed(
  before: ReadonlyMap<string, Written>,
  after: readonly ReadonlyMap<string, Written>[],
): Map<string, Written> {
  const keys = new Set([...before.keys(), ...after.flatMap((a) => [...a.keys()])]);
  const result = new Map<string, Written>();
  for (const key of keys) {
    const each = after.map((a) => a.get(key));
    const first = each[0];
    const same = each.every(
      (w) =>
        w === first ||
        (w !== undefined &&
          first !== undefined &&
          w.unread === first.unread &&
          w.texts.join('\0') === first.texts.join('\0')),
    );
    if (same && first !== undefined) result.set(key, first);
    else if (!same) result.set(key, { texts: [], unread: true, judged: false });
  }
  return result;
}

/** The key of a file a line writes or runs: where it resolves inside, else its path as written. */
export function keyOf(view: FileView, text: string, cwd: string): string {
  const place = view.place(text, cwd);
  if (place.kind === 'inside') return place.abs;
  return path.posix.normalize(text.startsWith('/') ? text : `${cwd}/${text}`);
}

/**
 * What the line wrote so far to a file it names, for rules that read a file's text at decision
 * time (a patch's headers, a virtualenv's activate): its literal text, `unread`, or null when the
 * line has not written it (what is on disk is what the command reads).
 */
export function writtenOnLine(view: FileView, name: string, cwd: string): string | 'unread' | null {
  const { written } = lineState(view);
  if (written.size === 0) return null;
  const known = written.get(keyOf(view, name, cwd));
  if (!known) return null;
  return known.unread ? 'unread' : known.texts.join('');
}

/** dash's printf escapes that a plain format may hold, and what they print. */
const PRINTF_ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', '\\': '\\' };

/**
 * What dash's printf prints for a format of text, escapes (`\\n`, `\\t`, `\\\\`) and `%s`
 * conversions, reused until its arguments are used up (`printf '%s\\n' a b`); null for any other
 * conversion or escape.
 */
function printfOutput(args: readonly string[]): string | null {
  const [format, ...values] = args;
  if (format === undefined || format.startsWith('-')) return null;
  const conversions = (format.replace(/%%/g, '').match(/%s/g) ?? []).length;
  if (/%(?![%s])/.test(format.replace(/%%/g, ''))) return null;
  if (conversions === 0 && values.length > 0) return null;
  let out = '';
  let next = 0;
  do {
    for (let i = 0; i < format.length; i++) {
      const c = format[i]!;
      if (c === '%') {
        out += format[i + 1] === '%' ? '%' : (values[next++] ?? '');
        i++;
      } else if (c === '\\') {
        const escaped = PRINTF_ESCAPES[format[i + 1] ?? ''];
        if (escaped === undefined) return null;
        out += escaped;
        i++;
      } else out += c;
    }
  } while (next < values.length);
  return out;
}

/**
 * What a command prints, when it is text on the line: echo's words (dash's echo reads backslashes,
 * so none), printf's format of text and `%s`, cat given only a heredoc.
 * Null for anything else.
 */
export function literalOutput(cmd: ShellCommand): string | null {
  const [first, ...rest] = cmd.words;
  if (!first || cmd.assignments.length > 0) return null;
  const plain = (w: ShellWord): boolean => !w.glob && !w.tilde && w.expands !== true;
  if (!cmd.words.every(plain)) return null;
  const heredocs = cmd.redirects.filter((r) => r.kind === 'heredoc');
  const stdinFiles = cmd.redirects.filter((r) => r.kind === 'file' && r.op === '<');
  switch (first.value) {
    case 'echo': {
      const noNewline = rest[0]?.value === '-n';
      const words = (noNewline ? rest.slice(1) : rest).map((w) => w.value);
      if (words.some((w) => w.includes('\\'))) return null;
      return `${words.join(' ')}${noNewline ? '' : '\n'}`;
    }
    case 'printf':
      return printfOutput(rest.map((w) => w.value));
    case 'cat': {
      if (rest.some((w) => w.value !== '-') || heredocs.length !== 1 || stdinFiles.length > 0) return null;
      const body = heredocs[0]!;
      return body.kind === 'heredoc' ? body.body : null;
    }
    default:
      return null;
  }
}

/** A file a command writes with text this rule does not read (code on the command line writing it): unread for the commands after it. */
export function markWrittenUnread(view: FileView, abs: string): void {
  lineState(view).written.set(abs, { texts: [], unread: true, judged: false });
}

/**
 * After a command is judged: what it wrote, for the commands after it on the line. A redirect of
 * standard output records the text it prints when that is literal, else that it wrote unread text;
 * tee's operands take what a literal producer piped into it, else are written unread; copies of
 * what the line wrote are written with it, and copies from standard input unread; a file edited in
 * place (sed -i, perl -i) holds text unread.
 */
export function recordWrites(cmd: ShellCommand, argv: readonly string[], view: FileView, where: Where): void {
  const { written } = lineState(view);
  const mark = (text: string, given: string | null, append: boolean): void => {
    const key = keyOf(view, text, where.cwd);
    // A name through a folder that may not be there (`nope/../x.sh`) or ending in a slash opens
    // nothing, and the file keeps what it held: what it holds is not known.
    const literal = /(^|\/)\.\.(\/|$)|\/\.?$/.test(text) ? null : given;
    const known = written.get(key);
    const next: Written =
      append && known
        ? { texts: [...known.texts], unread: known.unread, judged: false }
        : { texts: [], unread: false, judged: false };
    if (literal === null) next.unread = true;
    else next.texts.push(literal);
    written.set(key, next);
  };
  const markUnread = (abs: string): void => {
    written.set(abs, { texts: [], unread: true, judged: false });
  };
  let printed: string | null | undefined;
  for (const r of cmd.redirects) {
    if (r.kind !== 'file' || r.op === '<' || r.target.value === '/dev/null') continue;
    if (r.fd === 1) printed ??= literalOutput(cmd);
    mark(r.target.value, r.fd === 1 ? (printed ?? null) : null, r.op === '>>');
  }
  const program = argv[0] === undefined ? '' : path.posix.basename(argv[0]);
  if (program !== '' && !KEEP_MODES.has(program) && !certainlyReadOnly({ ok: true, argv: [...argv] }))
    lineState(view).modesMayChange = true;
  const operands = argv.slice(1).filter((w) => !w.startsWith('-'));
  // tee writes its input: the text a literal producer pipes into it, when nothing else feeds it.
  // Its operands are every word after `--`, and `-` (a file of that name to GNU tee).
  if (program === 'tee') {
    const fed = cmd.redirects.some((r) => r.kind === 'heredoc' || (r.kind === 'file' && r.op === '<'));
    const text = fed ? null : lineState(view).piped;
    const files: string[] = [];
    let append = false;
    let ended = false;
    for (const w of argv.slice(1)) {
      if (!ended && w === '--') ended = true;
      else if (ended || w === '-' || !w.startsWith('-')) files.push(w);
      // `--a`, `--ap`: GNU tee takes a long option by a unique prefix.
      else if (/^-[a-z]*a/.test(w) || w.startsWith('--a')) append = true;
    }
    for (const o of files) mark(o, text, append);
  }
  // npm pkg set|delete|fix and npm set-script rewrite the project's package.json (the nearest one
  // up from here): its scripts are then what npm run runs, unread.
  const npmWords = program === 'npm' ? argv.slice(1).filter((w) => !w.startsWith('-')) : [];
  if (npmWords[0] === 'set-script' || (npmWords[0] === 'pkg' && /^(set|delete|fix)$/.test(npmWords[1] ?? '')))
    for (let dir = where.cwd; ; dir = path.dirname(dir)) {
      markUnread(keyOf(view, path.join(dir, 'package.json'), where.cwd));
      if (dir === view.workspace || !dir.startsWith(`${view.workspace}/`)) break;
    }
  // What a program writes through its output flags (`sort -o x.sh`) is its output: unread.
  for (const target of outputTargets(program, argv, view, where))
    if (target.place.kind === 'inside') markUnread(target.place.abs);
  // An in-place edit leaves text this rule has not read, in a file the line wrote or in the
  // project's own: a command after it that runs the file by name runs that text (`sed -i
  // 's/echo hi/cat .e?v/' run.sh && sh run.sh`). Run in a later call, it is the project's code.
  const inPlace =
    ((program === 'sed' || program === 'gsed') &&
      argv.some((w) => /^-[a-zA-Z]*i/.test(w) || w.startsWith('--in-place'))) ||
    ((program === 'perl' || program === 'ruby') && argv.some((w) => /^-[a-zA-Z]*i/.test(w)));
  if (inPlace) for (const o of operands) mark(o, null, true);
  // A copy from standard input or a device (`cp /dev/stdin x.sh`, `dd of=x.sh`) writes what this
  // rule did not see: every name it gives, and each under the folders it may copy into, is unread.
  if (COPIERS.has(program)) {
    const words = argv.slice(1);
    const device = (w: string): boolean => w === '-' || /^\/(dev|proc)\//.test(w);
    const fromInput =
      program === 'dd'
        ? !words.some((w) => w.startsWith('if=')) || words.some((w) => /^if=(\/dev\/|\/proc\/|-$)/.test(w))
        : words.some(device);
    if (fromInput) {
      const targets =
        program === 'dd'
          ? words.filter((w) => w.startsWith('of=')).map((w) => w.slice(3))
          : words.filter((w) => !w.startsWith('-') && !device(w));
      for (const t of targets) {
        mark(t, null, false);
        for (const s of words.filter(device)) mark(`${t}/${path.posix.basename(s)}`, null, false);
      }
      return;
    }
  }
  // A copy of what the line wrote is written with it (cp /tmp/t.py x.py, dd if=… of=x.py): its
  // text when one file is copied to a name, else unread, also under the folder it may be copied into.
  if (COPIERS.has(program) && written.size > 0) {
    const words = argv.slice(1);
    const names =
      program === 'dd'
        ? [...words.filter((w) => w.startsWith('if=')), ...words.filter((w) => w.startsWith('of='))].map((w) =>
            w.slice(3),
          )
        : words.filter((w) => !w.startsWith('-'));
    const byFlag = program !== 'dd' && words.some((w) => /^-[a-zA-Z]*t/.test(w) || w.startsWith('--target'));
    const sources = byFlag ? names : names.slice(0, -1);
    const known = sources.map((n) => written.get(keyOf(view, n, where.cwd)));
    // Copied over from a file the line did not write: the project's text, as any of its files.
    if (known.every((k) => k === undefined))
      for (const target of byFlag ? names : names.slice(-1)) {
        written.delete(keyOf(view, target, where.cwd));
        for (const source of sources)
          written.delete(keyOf(view, `${target}/${path.posix.basename(source)}`, where.cwd));
      }
    else {
      const one = !byFlag && sources.length === 1 && known[0] !== undefined && !known[0].unread ? known[0] : null;
      const text = one === null ? null : one.texts.join('');
      for (const target of byFlag ? names : names.slice(-1)) {
        mark(target, text, false);
        for (const source of sources) mark(`${target}/${path.posix.basename(source)}`, text, false);
      }
    }
  }
}

/** Programs that copy a file's text to another name. */
const COPIERS = new Set(['cp', 'mv', 'install', 'rsync', 'dd']);

/**
 * Before a command is judged: what the command before it pipes into it, when that is text on the
 * line (a literal echo, printf or heredoc, with no redirect of its own).
 */
export function notePiped(view: FileView, commands: readonly ShellCommand[], i: number): void {
  const producer = commands[i]!.connector === '|' ? commands[i - 1] : undefined;
  lineState(view).piped =
    // A redirect the grammar hung on the whole pipeline (`echo x | tee t.py > /dev/null`) is, in sh,
    // its last command's only: the producer's output still goes into the pipe.
    producer && producer.redirects.every((r) => r.kind === 'heredoc' || (r.kind === 'file' && r.onList === true))
      ? literalOutput(producer)
      : null;
}
