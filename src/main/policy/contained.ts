// Run mode when the command runs in the sandbox: the card follows what containment cannot make safe,
// not the spelling. The command is read by the bash grammar into simple commands of literal words
// (shellForm.ts), and each is judged, in every directory it may run in, by these rules in order —
// each a stable code and one sentence, the same sentence the model gets when the owner says no:
// - shell-construct: something the grammar cannot reduce to literal words, or a program that runs
//   others (xargs, sh -c, find -exec) or keeps running (use start);
// - sandbox-cannot-give: a daemon, a display, root, a host service;
// - environment-override: a `NAME=value` that changes what the program loads or runs;
// - danger: the destroyers commandDanger names (danger.ts);
// - place-outside: a path operand, a flag's value, a redirect target or the cwd outside the workspace
//   (absolute, `..`, `~`, a link); inside is fine however it is spelled;
// - needs-network: a host the agent has not been allowed;
// - irreversible-loss: deleting or overwriting what no checkpoint holds (ignored files, over the cap);
// - shows-secret: printing a secrets file inside the workspace to the model.
// Anything else runs contained without a card.
import path from 'node:path';
import { isGitComponent } from '../workspace/gitName';
import { pathSession } from '../workspace/resolve';
import type { PathContext } from '../workspace/types';
import { commandDanger } from './danger';
import { FileView, type Descent, type IgnoreRules, type Place } from './containedFiles';
import {
  INLINE_CODE_FLAGS,
  NAMES_ONLY,
  PATH_LISTS,
  PATTERN_FIRST,
  RUNS_OTHERS,
  SANDBOX_CANNOT,
  SCRIPT_FIRST,
  SHELLS,
  VALUE_FLAGS,
  gitSubcommand,
  isSecretPath,
  mentionsSecret,
  networkNeed,
  overrideReason,
  urlHost,
} from './containedPrograms';
import { isAlwaysCardPath } from '../workspace/alwaysCard';
import { INTERPRETERS, plainAsShForm, type ShellCommand, type ShellWord } from './shellForm';
import { readCommand, type CommandReading } from './commandReading';
import { resolveCommandCwd, type CwdResolution } from './paths';
import type { GateCode } from './types';
import { searchFilter } from './searchFilters';
import {
  consumerProblem,
  passesLinesOn,
  producerList,
  readFind,
  readXargs,
  rgDescent,
  type FileList,
} from './fileLists';

export interface ContainedContext {
  paths: PathContext;
  /** Relative to the workspace; the command starts there. */
  cwd?: string;
  /** That cwd as the call's preparation resolved it, once; absent: resolved here. */
  where?: CwdResolution;
  /** Domains this agent's contained processes may reach. */
  allowedDomains: readonly string[];
  /** The checkpoint's size cap (a larger file is named, never stored). */
  maxFileBytes?: number;
  /** /tmp is the agent's own directory inside the sandbox (bubblewrap). */
  privateTmp?: boolean;
  /** Compiled .gitignore rules kept across decisions; absent: read in this decision. */
  ignoreRules?: IgnoreRules;
  /** The ports the agent's own started processes listen on (curl to another loopback port is a card); undefined: unknown, any. */
  ownPorts?: readonly number[];
}

export interface ContainedPart {
  text: string;
  /** The part whose rule decided the card. */
  decides: boolean;
}

export type ContainedDecision = (
  | { tier: 'auto'; code: 'contained' }
  | {
      tier: 'gated';
      code: GateCode;
      /** needs-network: the domains to offer allowing, when the rule can name them. */ domains?: readonly string[];
    }
) & {
  reason: string;
  /** Each simple command as written, in order (the card shows one per line). */
  parts: ContainedPart[];
  /** sh would run exactly the lexer's argv (shellForm.ts `plainAsSh`), read from the same parse. */
  plain?: boolean;
};

const DEFAULT_CAP = 10 * 1024 * 1024;

/** Programs whose every operand is a file or folder they create (or change): touch, mkdir, tee. */
const CREATES: ReadonlySet<string> = new Set(['touch', 'mkdir', 'tee', 'mkfifo', 'truncate']);

/** A card's rule, thrown from deep in the judgment (not an Error: a stack trace costs more than the decision). */
class Card {
  constructor(
    readonly code: GateCode,
    readonly sentence: string,
    readonly domains?: readonly string[],
  ) {}
}

function card(code: GateCode, sentence: string, domains?: readonly string[]): never {
  throw new Card(code, sentence, domains);
}

/** Programs commandDanger judges as destroyers here (its operands-outside rule is place-outside's). */
const DANGER_PROGRAMS = /^(rm|rmdir|shred|unlink|dd|truncate|wipefs|srm|git|find|mkfs(\..+)?)$/;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1', '0.0.0.0']);

/** Programs that open no file their words name. */
const TEXT_ONLY = new Set([
  'echo',
  'printf',
  'true',
  'false',
  ':',
  'sleep',
  'seq',
  'yes',
  'expr',
  'basename',
  'dirname',
]);
/** A system binary's path (`/usr/bin/env`): the program it names, not a place the command wants. */
const SYSTEM_BIN = /^\/(usr\/(local\/)?)?s?bin\/[^/]+$/;

interface Judged {
  argv: string[];
  words: readonly ShellWord[];
  assignments: readonly { name: string; value: ShellWord }[];
}

/** `env NAME=v prog`, `timeout 30 prog`, `nice prog`, `/usr/bin/env prog`: the command they run. */
function unwrap(cmd: ShellCommand): Judged {
  let words = [...cmd.words];
  const assignments = [...cmd.assignments];
  for (let guard = 0; guard < 8 && words.length > 0; guard++) {
    const program = programName(words[0]!.value);
    if (program === 'env') {
      let i = 1;
      for (; i < words.length; i++) {
        const w = words[i]!.value;
        if (w === '-i' || w === '--ignore-environment') continue;
        if (w === '-u' || w === '--unset') {
          i++;
          continue;
        }
        if (w.startsWith('-')) card('shell-construct', `env ${w} is an option this rule does not read`);
        const eq = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(w);
        if (!eq) break;
        assignments.push({ name: eq[1]!, value: { ...words[i]!, value: w.slice(eq[0].length) } });
      }
      words = words.slice(i);
      continue;
    }
    if (program === 'timeout') {
      let i = 1;
      while (i < words.length && words[i]!.value.startsWith('-'))
        i += ['-s', '-k', '--signal', '--kill-after'].includes(words[i]!.value) ? 2 : 1;
      words = words.slice(i + 1);
      continue;
    }
    if (program === 'nice') {
      words = words.slice(words[1]?.value === '-n' ? 3 : words[1]?.value.startsWith('-') ? 2 : 1);
      continue;
    }
    break;
  }
  return { argv: words.map((w) => w.value), words, assignments };
}

/** The program a word names: its base name when it is a system binary's path, else the word itself. */
function programName(word: string): string {
  return SYSTEM_BIN.test(word) ? path.posix.basename(word) : word;
}

const FILTER_GLOB_FLAGS = /^--(include|exclude|exclude-dir|glob|iglob)(=.*)?$/;
/** The searches whose filter options are globs over names (gawk's --include is a source file). */
const SEARCHES = new Set(['grep', 'egrep', 'fgrep', 'zgrep', 'rg']);

/** The indices of words that are a pattern or a script, not a path (grep's first operand, sed's script). */
function nonPathOperands(
  program: string,
  argv: readonly string[],
): { patterns: Set<number>; code: Set<number>; values: Set<number> } {
  const patterns = new Set<number>();
  const code = new Set<number>();
  /** Words that are an option's value (`-g '*.py'`): judged as places, never a search's starting point. */
  const values = new Set<number>();
  const inline = INLINE_CODE_FLAGS[program];
  let firstTaken = false;
  const givenByFlag = argv.some(
    (w) =>
      w === '-e' ||
      w === '-f' ||
      w.startsWith('--regexp') ||
      w === '--expression' ||
      w.startsWith('--file') ||
      ['e', 'f'].includes(shortValue(program, w)?.letter ?? ''),
  );
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (inline?.includes(w!)) {
      code.add(i + 1);
      i++;
      continue;
    }
    if (
      (PATTERN_FIRST.has(program) || SCRIPT_FIRST.has(program)) &&
      (w === '-e' || w === '--regexp' || w === '--expression')
    ) {
      (SCRIPT_FIRST.has(program) ? code : patterns).add(i + 1);
      i++;
      continue;
    }
    // A search's file filters are globs over names, not places: `--exclude=*.pem` opens nothing.
    if (SEARCHES.has(program) && (FILTER_GLOB_FLAGS.test(w!) || (program === 'rg' && /^-g/.test(w!)))) {
      if (!w!.includes('=') && !/^-g./.test(w!)) patterns.add(++i);
      else patterns.add(i);
      continue;
    }
    // A cluster of short options whose last takes the next word (`-rne PATTERN`, `-nA 3`).
    const short = w === '-e' ? null : shortValue(program, w!);
    if (short && !short.attached) {
      if (short.letter === 'e') (SCRIPT_FIRST.has(program) ? code : patterns).add(i + 1);
      else values.add(i + 1);
      i++;
      continue;
    }
    if (short) continue;
    const taken = VALUE_FLAGS[program]?.[w!];
    if (taken !== undefined) {
      for (let k = 1; k <= taken; k++) values.add(i + k);
      i += taken;
      continue;
    }
    if (w!.startsWith('-') || firstTaken) continue;
    if (PATTERN_FIRST.has(program) && !givenByFlag) patterns.add(i);
    else if (SCRIPT_FIRST.has(program) && !givenByFlag) code.add(i);
    firstTaken = true;
  }
  return { patterns, code, values };
}

/**
 * Why a sed or awk script given as a word does more than read its input and print, or null: sed's
 * `e` runs a shell command, `w`/`W` write and `r`/`R` read other files (GNU sed's --sandbox turns
 * them off); awk's system(), pipes, getline and `>` redirects do the same. Read conservatively: the
 * letters are looked for in what is left once s///, y/// and /addresses/ are taken out, so a label
 * or an a/i/c text holding one asks too.
 */
function scriptProblem(program: string, script: string, argv: readonly string[]): string | null {
  if (program === 'sed') {
    if (argv.includes('--sandbox')) return null;
    let rest = '';
    for (let i = 0; i < script.length; i++) {
      const ch = script[i]!;
      if ((ch === 's' || ch === 'y') && i + 1 < script.length && !/[\s\\\n;a-zA-Z0-9]/.test(script[i + 1]!)) {
        const delim = script[i + 1]!;
        let k = i + 2;
        for (let part = 0; part < 2 && k <= script.length; k++) {
          if (script[k] === '\\') k++;
          else if (script[k] === delim) part++;
        }
        let flags = '';
        while (k < script.length && /[a-zA-Z0-9]/.test(script[k]!)) flags += script[k++];
        if (ch === 's' && /[ew]/.test(flags)) return `sed's s///${flags} runs or writes, which this rule does not read`;
        i = k - 1;
        continue;
      }
      if (ch === '/') {
        let k = i + 1;
        while (k < script.length && script[k] !== '/') k += script[k] === '\\' ? 2 : 1;
        i = k;
        continue;
      }
      rest += ch;
    }
    const letter = /[ewWrR]/.exec(rest);
    return letter
      ? `sed's \`${letter[0]}\` command runs a command or opens another file, which this rule does not read`
      : null;
  }
  if (/^(awk|gawk|mawk|nawk)$/.test(program)) {
    const what = /\bsystem\b|(?<!\|)\|(?!\|)|\bgetline\b|\bprintf?\b[^;}]*>/.exec(script);
    return what
      ? `${program}'s ${what[0].trim()} runs a command or opens another file, which this rule does not read`
      : null;
  }
  return null;
}

/** The short options of the searches and scripts that take a value, per program. */
const SHORT_VALUES: Record<string, string> = {
  grep: 'ABCmdDef',
  egrep: 'ABCmdDef',
  fgrep: 'ABCmdDef',
  zgrep: 'ABCmdDef',
  rg: 'ABCmMjEgtTrdef',
  sed: 'efl',
  awk: 'Fvf',
  gawk: 'Fvf',
  mawk: 'Fvf',
  nawk: 'Fvf',
};

/**
 * In a cluster of short options (`-rne`, `-eAPI`, `-A3`), the first that takes a value: its letter,
 * and whether the value is the cluster's rest (attached) or the next word. Null when none does.
 */
function shortValue(program: string, w: string): { letter: string; attached: boolean } | null {
  const letters = SHORT_VALUES[program];
  if (!letters || !/^-[a-zA-Z]/.test(w) || w.startsWith('--')) return null;
  for (let k = 1; k < w.length; k++) {
    if (letters.includes(w[k]!)) return { letter: w[k]!, attached: k < w.length - 1 };
    if (!/[a-zA-Z]/.test(w[k]!)) return null;
  }
  return null;
}

/** The texts a word may name as paths: itself, a `--flag=` or `NAME=` value, a short flag's attached path, `@file`. */
function pathTexts(word: string): string[] {
  if (word.startsWith('--')) {
    const eq = word.indexOf('=');
    return eq > 0 ? [word.slice(eq + 1)] : [];
  }
  if (word.startsWith('-')) {
    // A short flag's attached value (`-o.env`, `-I../include`): judged when it looks like a file name.
    const out: string[] = [];
    const attached = /^-[A-Za-z]+?([/~.].*)$/.exec(word);
    if (attached && /^(\/|~|\.\.?(\/|$))/.test(attached[1]!)) out.push(attached[1]!);
    const rest = word.slice(2);
    if (/^[A-Za-z]/.test(word.slice(1)) && /[./]/.test(rest) && !out.includes(rest)) out.push(rest);
    return out;
  }
  const out = [word];
  const eq = /^[A-Za-z_][A-Za-z0-9_.-]*=(.+)$/.exec(word);
  if (eq) out.push(eq[1]!);
  if (eq && eq[1]!.startsWith('@') && eq[1]!.length > 1) out.push(eq[1]!.slice(1));
  if (word.startsWith('@') && word.length > 1) out.push(word.slice(1));
  return out;
}

interface Where {
  /** Real absolute directory the command runs in. */
  cwd: string;
}

function outside(what: string, reason: string): never {
  card('place-outside', `${what} is outside the workspace: ${reason}`);
}

function insideOrCard(view: FileView, text: string, where: Where, what: string): Place {
  const place = view.place(text, where.cwd);
  if (place.kind === 'outside') outside(what, place.reason);
  return place;
}

const RECURSIVE_READERS: Record<string, (argv: readonly string[]) => Descent | null> = {
  grep: (argv) =>
    argv.some(
      (w) =>
        /^-[a-zA-Z]*[rR]/.test(w) ||
        w === '--recursive' ||
        w === '--dereference-recursive' ||
        w === '-d' ||
        w === '--directories' ||
        w.startsWith('--directories=recurse'),
    )
      ? {
          hidden: true,
          ignoredToo: true,
          // -R follows every link it meets; -r only those named on the command line.
          follows: argv.some((w) => /^-[a-zA-Z]*R/.test(w) || w === '--dereference-recursive'),
        }
      : null,
  rg: rgDescent,
  ag: (argv) => ({
    hidden: argv.some((w) => w === '--hidden' || w === '-u' || w === '--unrestricted'),
    ignoredToo: argv.some((w) => w === '-u' || w === '--unrestricted' || w.startsWith('--skip-vcs-ignores')),
    follows: argv.some((w) => w === '-f' || w === '--follow'),
  }),
  tar: (argv) =>
    argv.some((w, i) => (i === 1 && /^[^-]*c/.test(w)) || /^-[a-zA-Z]*c/.test(w) || w === '--create')
      ? { hidden: true, ignoredToo: true, follows: argv.some((w) => w === '-h' || w === '--dereference') }
      : null,
  zip: () => ({ hidden: true, ignoredToo: true }),
  '7z': () => ({ hidden: true, ignoredToo: true }),
  cp: () => null,
};
RECURSIVE_READERS.egrep = RECURSIVE_READERS.grep!;
RECURSIVE_READERS.fgrep = RECURSIVE_READERS.grep!;

/** grep/rg flags that print only names or counts: what is below is never shown. */
const NAMES_ONLY_FLAGS =
  /^(-[a-zA-Z]*[lLcq][a-zA-Z]*|--files-with-matches|--files-without-match|--count|--files|--quiet|--count-matches)$/;
/** rg's: -L is --follow there, not a names-only flag. */
const RG_NAMES_ONLY_FLAGS =
  /^(-[a-zA-Z]*[lcq][a-zA-Z]*|--files-with-matches|--files-without-match|--count|--files|--quiet|--count-matches)$/;

/** Whether a search with these words prints only names or counts (what it reads is never shown). */
function printsNamesOnly(program: string, argv: readonly string[]): boolean {
  const flags = program === 'rg' ? RG_NAMES_ONLY_FLAGS : NAMES_ONLY_FLAGS;
  return argv.some((w) => flags.test(w));
}

/** Programs that unpack trees whose links exist only once they have run. */
const UNPACKERS = /^(tar|unzip|7z|7za|cpio|bsdtar|rsync)$/;

/**
 * A command that makes or moves links changes where the paths of the commands after it lead, which
 * this rule judges beforehand: it must come last (a later call is judged against the new links).
 * `ln -s`'s target is also judged from the link's own directory, where it will be read.
 */
function linksChange(
  program: string,
  argv: readonly string[],
  places: readonly { word: string; place: Place; index: number }[],
  view: FileView,
  where: Where,
  last: boolean,
): void {
  const operands = places.filter((p) => !argv[p.index]!.startsWith('-'));
  let changes: string | null = null;
  if (program === 'ln') {
    changes = 'ln makes a link';
    const symbolic = argv.some((w) => /^-[a-zA-Z]*s/.test(w) || w === '--symbolic');
    const link = operands.length > 1 ? operands[operands.length - 1] : null;
    if (symbolic && link && link.place.kind === 'inside') {
      const linkDir = link.place.stat?.isDirectory() ? link.place.abs : path.posix.dirname(link.place.abs);
      for (const target of operands.slice(0, -1)) {
        const text = argv[target.index];
        const from = view.place((text!.startsWith('/') ? text : `${linkDir}/${text}`)!, where.cwd);
        if (from.kind === 'outside')
          outside(`the link target ${text}`, `read from the link's directory, ${from.reason}`);
      }
    }
  } else if (
    program === 'mv' &&
    operands.slice(0, -1).some((p) => p.place.kind === 'inside' && view.holdsLink(argv[p.index]!, where.cwd, p.place))
  ) {
    changes = 'mv moves a link (or a folder holding one), whose relative target then leads elsewhere';
  } else if (
    program === 'cp' &&
    argv.some(
      (w) => /^-[a-zA-Z]*[rRaPds]/.test(w) || /^--(recursive|archive|no-dereference|symbolic-link|link)/.test(w),
    )
  ) {
    if (
      operands.slice(0, -1).some((p) => p.place.kind === 'inside' && view.holdsLink(argv[p.index]!, where.cwd, p.place))
    )
      changes = 'cp copies links as links';
  } else if (
    UNPACKERS.test(program) &&
    (program !== 'tar' ||
      argv.some((w, i) => (i === 1 && /^[^-]*x/.test(w)) || /^-[a-zA-Z]*x/.test(w) || w === '--extract'))
  ) {
    changes = `${program} unpacks files, links among them`;
  }
  if (changes && !last)
    card(
      'shell-construct',
      `${changes}, which changes where the paths after it lead; run what follows in its own call`,
    );
}

function judgeCommand(
  cmd: ShellCommand,
  where: Where,
  view: FileView,
  ctx: ContainedContext,
  connector: string,
  last = true,
  depth = 0,
): void {
  const judged = unwrap(cmd);
  const { argv, words } = judged;
  // `env` with nothing to run prints the sandbox's own environment.
  if (argv.length === 0 && programName(cmd.words[0]!.value) !== 'env')
    card('shell-construct', 'the command runs nothing after its wrapper');
  if (argv.length === 0) return;
  const argv0 = argv[0];
  const program = programName(argv0!);
  // Variables that change what the program loads.
  for (const a of judged.assignments) {
    const why = overrideReason(a.name, a.value.value);
    if (why) card('environment-override', why);
    if (a.value.tilde) outside(`${a.name}=${a.value.value}`, '`~` names a home directory');
    if (PATH_LISTS.has(a.name)) {
      for (const entry of a.value.value.split(':')) {
        if (entry !== '') insideOrCard(view, entry, where, `${a.name}'s entry ${entry}`);
      }
    }
  }
  // A virtualenv's activation runs the project's own code in this shell, as its bin/ programs do.
  if (program === 'source' || program === '.') {
    if (judged.assignments.length > 0 || cmd.redirects.length > 0 || argv.length !== 2)
      card('shell-construct', `\`${program}\` runs a file as shell code in this shell`);
    const place = insideOrCard(view, argv[1]!, where, `the script ${argv[1]}`);
    if (place.kind !== 'inside' || !view.isVirtualenvActivate(place))
      card(
        'shell-construct',
        `\`${program}\` runs a file as shell code in this shell; only a virtualenv's bin/activate is read, and ${argv[1]} is not one`,
      );
    return;
  }
  // What the program is: a construct that runs others, a service the sandbox cannot give.
  if (RUNS_OTHERS[program]) card('shell-construct', RUNS_OTHERS[program]);
  if (SANDBOX_CANNOT[program]) card('sandbox-cannot-give', `${program} ${SANDBOX_CANNOT[program]}`);
  if (program === 'docker' || program.startsWith('docker-'))
    card('sandbox-cannot-give', `${program} needs the Docker daemon, which the sandbox does not reach`);
  if (SHELLS.has(program)) {
    const script = inlineScript(program, words, connector, cmd.redirects);
    if (script !== null) {
      judgeScript(script, where, view, ctx, last, depth);
      // What is left of the command is its redirects and assignments, judged as for any program.
      judgeCommand(
        { ...cmd, words: [{ value: 'true', parts: [{ text: 'true', quoted: false }], glob: false, tilde: false }] },
        where,
        view,
        ctx,
        connector,
        last,
        depth,
      );
      return;
    }
    const flag = argv.slice(1).find((w) => /^-[a-zA-Z]*[ci]/.test(w) || w === '--init-file' || w === '--rcfile');
    if (flag)
      card(
        'shell-construct',
        `${program} ${flag} runs a string or an interactive shell as code this rule does not read`,
      );
  }
  if (program === 'find') {
    const exec = argv.find((w) => ['-exec', '-execdir', '-ok', '-okdir'].includes(w));
    if (exec) {
      judgeFindExec(judged, cmd, where, view, ctx, connector, last, depth);
      return;
    }
  }
  if (program === 'env' || program === 'timeout' || program === 'nice')
    card('shell-construct', `${program} wraps a command this rule could not read`);
  // An interpreter given no script reads its code from standard input: a pipe or a redirect.
  if (INTERPRETERS.has(program)) {
    const operands = argv.slice(1).filter((w) => !w.startsWith('-'));
    const fromInput =
      connector === '|' || cmd.redirects.some((r) => (r.kind === 'file' && r.op === '<') || r.kind === 'heredoc');
    if (
      fromInput &&
      (operands.length === 0 || operands[0] === '-') &&
      !Object.values(INLINE_CODE_FLAGS)
        .flat()
        .some((f) => argv.includes(f))
    ) {
      card('shell-construct', `${program} reads code from its standard input here, which this rule does not read`);
    }
  }
  // The destroyers stay danger cards.
  if (DANGER_PROGRAMS.test(program) && (program !== 'find' || argv.includes('-delete'))) {
    const danger = commandDanger([program, ...argv.slice(1)], {
      workspace: view.workspace,
      cwd: where.cwd,
      home: ctx.paths.home,
    });
    if (danger && !/is outside the workspace/.test(danger)) card('danger', danger);
  }
  // Programs by path: in a directory of the workspace (the project's own; a virtualenv's python is a
  // link to the base interpreter, which the sandbox runs as it runs any program), or a system binary.
  if (argv0!.includes('/') && !SYSTEM_BIN.test(argv0!)) {
    const slash = argv0!.lastIndexOf('/');
    insideOrCard(view, slash === 0 ? '/' : argv0!.slice(0, slash), where, `the program ${argv0}`);
    if (argv0!.endsWith('/..') || argv0!.endsWith('/.') || argv0 === '..')
      outside(`the program ${argv0}`, 'it is a directory above');
  }
  const { patterns, code, values } = nonPathOperands(program, argv);
  if (program === 'git') {
    // git grep's first operand after the subcommand is its pattern.
    const at = argv.indexOf('grep');
    const pattern =
      at > 0 && gitSubcommand(argv.slice(1))[0] === 'grep'
        ? argv.findIndex((w, i) => i > at && !w.startsWith('-'))
        : -1;
    if (pattern > 0 && !argv.includes('-e')) patterns.add(pattern);
  }
  // bash reads the name after printf -v and test -v as a variable, and runs what an array subscript in it holds.
  if ((program === 'printf' || program === 'test' || program === '[') && argv.slice(1).some((w) => /^-[vR]$/.test(w)))
    card(
      'shell-construct',
      `${program} ${argv.find((w) => /^-[vR]$/.test(w))} reads a name as a variable, which bash evaluates`,
    );
  // echo, printf and true open nothing: their words are text (a redirect of theirs is still judged).
  const textOnly = TEXT_ONLY.has(program) || (program === 'command' && /^-[vV]$/.test(argv[1] ?? ''));
  // Every word that may name a place: inside, or a card. Globs are expanded as sh will.
  const places: { word: string; place: Place; index: number }[] = [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i];
    if (patterns.has(i) || (textOnly && !word!.glob && !word!.tilde)) continue;
    if (code.has(i)) {
      const runs = scriptProblem(program, word!.value, argv);
      if (runs) card('shell-construct', runs);
      const named = mentionsSecret(word!.value);
      if (named)
        card('shows-secret', `${program}'s code names the secrets file ${named}, and what it prints goes to the model`);
      continue;
    }
    if (word!.tilde) outside(`${word!.value}`, '`~` names a home directory');
    if (word!.value.startsWith('/dev/tcp/') || word!.value.startsWith('/dev/udp/'))
      card('needs-network', `${word!.value} opens a network connection`);
    const expanded = view.expand(word!, where.cwd);
    if (expanded === null) card('shell-construct', `the pattern ${word!.value} matches more than 2000 names`);
    const option = word!.glob ? asShGives(word!, expanded, where.cwd).find((name) => name.startsWith('-')) : undefined;
    if (option)
      card('shell-construct', `the pattern ${word!.value} matches ${option}, which ${program} would read as an option`);
    for (const text of expanded.flatMap((w) => (word!.glob ? [w] : pathTexts(w)))) {
      places.push({ word: text, place: insideOrCard(view, text, where, `the path ${text}`), index: i });
    }
  }
  // Redirect targets.
  const redirectPlaces: { op: string; place: Place; text: string }[] = [];
  for (const r of cmd.redirects) {
    if (r.kind !== 'file') continue;
    if (r.target.tilde) outside(`the redirect target ${r.target.value}`, '`~` names a home directory');
    if (r.target.value.startsWith('/dev/tcp/') || r.target.value.startsWith('/dev/udp/'))
      card('needs-network', `the redirect to ${r.target.value} opens a network connection`);
    if (r.target.glob) card('shell-construct', `the redirect target ${r.target.value} is a pattern`);
    redirectPlaces.push({
      op: r.op,
      place: insideOrCard(view, r.target.value, where, `the redirect target ${r.target.value}`),
      text: r.target.value,
    });
  }
  // The network: what the program is known to fetch, or a URL it is handed.
  let net = networkNeed([program, ...argv.slice(1)], (name) => hasLocalBin(view, where.cwd, name), ctx.ownPorts);
  if (!net.needs && !textOnly) {
    const far = argv.slice(1).flatMap((w) => {
      const host = /^[a-z][a-z0-9+.-]*:\/\//i.test(w) || /^git\+/.test(w) ? urlHost(w.replace(/^git\+/, '')) : null;
      return host !== null && !LOOPBACK_HOSTS.has(host) ? [host] : [];
    });
    if (far.length > 0)
      net = {
        needs: true,
        what: `${program} is given ${far.join(', ')}`,
        domains: far.some((h) => h === '') ? null : far,
      };
  }
  if (net.needs) {
    const allowed = net.domains !== null && net.domains.every((d) => ctx.allowedDomains.includes(d));
    if (!allowed) {
      const offer =
        net.domains && net.domains.length > 0 ? `; allow ${net.domains.join(', ')} for this agent to let it` : '';
      card(
        'needs-network',
        `${net.what}, and the sandbox gives this agent no network there${offer}`,
        net.domains ?? undefined,
      );
    }
  }
  linksChange(program, argv, places, view, where, last);
  // Writes into .git: git runs its hooks and reads its config as the owner, outside the sandbox.
  const writes = [
    ...lossTargets(program, argv, places).map((t) => t.place),
    ...redirectPlaces.filter((r) => r.op !== '<').map((r) => r.place),
  ];
  for (const place of writes) {
    if (place.kind === 'inside' && place.rel.split('/').some(isGitComponent)) {
      card(
        'git-dir',
        `${program} would write ${place.rel}, inside .git, which git reads and runs as you outside the sandbox`,
      );
    }
  }
  // What another program runs as the owner later (an .envrc, .vscode/tasks.json, a workflow): the
  // sandbox would move a new one out after the command; the owner approves it with write or edit.
  const made = CREATES.has(program) ? places.filter((p) => !argv[p.index]!.startsWith('-')).map((p) => p.place) : [];
  for (const place of [...writes, ...made]) {
    if (place.kind !== 'inside') continue;
    const why = isAlwaysCardPath(place.rel);
    if (why !== null)
      card(
        'always-card',
        `${program} would write ${place.rel}: ${why} Write it with \`write\` or \`edit\`, which ask the owner`,
      );
  }
  // Loss a checkpoint cannot undo.
  for (const target of lossTargets(program, argv, places)) {
    if (target.place.kind !== 'inside') continue;
    const why = view.lossAt(target.place, target.recursive);
    if (why) card('irreversible-loss', `${program} ${target.how} ${why}`);
  }
  for (const r of redirectPlaces) {
    if ((r.op === '>' || r.op === '>>') && r.place.kind === 'inside') {
      const why = view.lossAt(r.place, false);
      if (why)
        card('irreversible-loss', `the redirect ${r.op} ${r.text} overwrites what a checkpoint cannot restore: ${why}`);
    }
    if (r.op === '<' && r.place.kind === 'inside' && isSecretPath(r.place.rel)) {
      card(
        'shows-secret',
        `the redirect < ${r.text} feeds the secrets file ${r.place.rel} to ${program}, whose output goes to the model`,
      );
    }
  }
  // Secrets shown to the model.
  if (!NAMES_ONLY.has(program)) {
    for (const p of places) {
      if (p.place.kind === 'inside' && isSecretPath(p.place.rel) && !isEnvFileFlag(argv, p.index)) {
        card(
          'shows-secret',
          `${program} would read the secrets file ${p.place.rel}, and what it prints goes to the model`,
        );
      }
    }
    for (let i = 1; i < argv.length; i++) {
      const colon = argv[i]!.lastIndexOf(':');
      if (program === 'git' && colon >= 0 && isSecretPath(argv[i]!.slice(colon + 1))) {
        card('shows-secret', `git ${argv[i]} prints the secrets file ${argv[i]!.slice(colon + 1)} from the repository`);
      }
    }
    const gitSub = program === 'git' ? gitSubcommand(argv.slice(1))[0] : undefined;
    // git grep searches the tracked files, secrets files among them when they are tracked.
    const descends = gitSub === 'grep' ? { hidden: true, ignoredToo: false } : RECURSIVE_READERS[program]?.(argv);
    if (descends && !((PATTERN_FIRST.has(program) || gitSub === 'grep') && printsNamesOnly(program, argv))) {
      // Its starting points: the path operands (for git grep, those after its pattern), else its directory.
      const firstPath = gitSub === 'grep' ? Math.max(...patterns, argv.indexOf('grep')) + 1 : 1;
      const roots = places.filter((p) => p.place.kind === 'inside' && p.index >= firstPath && !values.has(p.index));
      const starts =
        roots.length > 0 || program === 'tar' || program === 'zip' || program === '7z'
          ? roots.map((p) => p.place)
          : [view.place('.', where.cwd)];
      for (const start of starts) {
        if (start.kind !== 'inside') continue;
        const secret = view.secretBelow(start, descends, gitSub === 'grep' ? null : searchFilter(program, argv));
        if (secret)
          card(
            'shows-secret',
            `${program} descends into ${start.rel || '.'} and would read the secrets file ${secret}`,
          );
      }
    }
  }
}

/**
 * `find … -exec CMD {} ;`: CMD given every file find may list (consumerProblem names the programs
 * allowed), judged with its own words and for what those files are; then find without its -exec.
 */
function judgeFindExec(
  judged: Judged,
  cmd: ShellCommand,
  where: Where,
  view: FileView,
  ctx: ContainedContext,
  connector: string,
  last: boolean,
  depth: number,
): void {
  const { argv, words } = judged;
  const reading = readFind(argv);
  const runs = '`find -exec` runs a command for each file it finds';
  if (!reading.ok) card('shell-construct', `${runs}, and ${reading.reason}`);
  const kept = new Set(words.map((_, k) => k));
  for (const exec of reading.execs) {
    const problem = consumerProblem(exec.argv);
    if (problem) card('shell-construct', `${runs}: ${problem}`);
    judgeCommand(consumerCommand(exec.indices.map((k) => words[k]!)), where, view, ctx, 'start', last, depth + 1);
    judgeFileList(exec.argv, reading.list, where, view, false);
    const open = exec.indices[0]! - 1;
    let close = exec.indices[exec.indices.length - 1]! + 1;
    while (close < argv.length && argv[close] !== ';' && argv[close] !== '+') close++;
    for (let k = open; k <= close; k++) kept.delete(k);
  }
  const rest = words.filter((_, k) => kept.has(k));
  judgeCommand({ ...cmd, assignments: judged.assignments, words: rest }, where, view, ctx, connector, last, depth + 1);
}

/** A program given a list of files, as a simple command of its own words (no redirects). */
function consumerCommand(words: readonly ShellWord[]): ShellCommand {
  return { assignments: [], words, redirects: [], connector: 'start', text: words.map((w) => w.value).join(' ') };
}

/** Programs given a list of files that print of each only its name, a count or a digest. */
const SHOWS_NAMES_ONLY = new Set([
  'md5sum',
  'sha1sum',
  'sha256sum',
  'sha512sum',
  'basename',
  'dirname',
  'realpath',
  'readlink',
  'echo',
  'printf',
]);

/**
 * What a program given every file of `list` would do beyond its own words: read a secrets file
 * among them to the model, follow a link among them out of the workspace, or (from xargs, which
 * splits its input, `split`) be given a name cut in two or read as an option.
 */
function judgeFileList(
  consumer: readonly string[],
  list: FileList,
  where: Where,
  view: FileView,
  split: boolean,
): void {
  const program = consumer[0] === 'npx' ? consumer[1]! : consumer[0]!;
  const roots = list.roots.length > 0 ? list.roots : ['.'];
  const content =
    !NAMES_ONLY.has(program) &&
    !SHOWS_NAMES_ONLY.has(program) &&
    !(PATTERN_FIRST.has(program) && printsNamesOnly(program, consumer));
  for (const root of roots) {
    const place = insideOrCard(view, root, where, `the path ${root}`);
    if (place.kind !== 'inside') continue;
    const problem = view.listProblem(place, list.how, list.filter, {
      content,
      links: list.listsLinks,
      split,
      bareNames: list.bareNames,
    });
    if (problem)
      card(
        problem.code,
        `${program} would be given the files listed below ${place.rel || '.'}, and ${problem.sentence}${problem.code === 'shows-secret' ? ', and what it prints goes to the model' : ''}`,
      );
  }
}

/** `PRODUCER | … | xargs CMD`: CMD given every file the producer may list. */
function judgeXargs(
  commands: readonly ShellCommand[],
  i: number,
  judged: Judged,
  where: Where,
  view: FileView,
  ctx: ContainedContext,
  last: boolean,
  depth: number,
): void {
  const cmd = commands[i]!;
  const runs = RUNS_OTHERS.xargs!;
  if (cmd.connector !== '|') card('shell-construct', runs);
  const readsAFile = (c: ShellCommand): boolean =>
    c.redirects.some((r) => r.kind === 'heredoc' || (r.kind === 'file' && r.op === '<'));
  let j = i;
  while (j > 0 && commands[j]!.connector === '|') j--;
  const list = producerList(unwrap(commands[j]!).argv);
  if (list === null) card('shell-construct', `${runs}, and its input is not a list of files this rule reads`);
  for (let k = j + 1; k <= i; k++) {
    if (readsAFile(commands[k]!)) card('shell-construct', `${runs}, and its input comes from a file`);
    if (k < i && !passesLinesOn(unwrap(commands[k]!).argv))
      card('shell-construct', `${runs}, and ${commands[k]!.text} changes the list it is given`);
  }
  const reading = readXargs(judged.argv);
  if (!reading.ok) card('shell-construct', `${runs}, and ${reading.reason}`);
  const problem = consumerProblem(reading.argv);
  if (problem) card('shell-construct', `${runs}: ${problem}`);
  const consumer = consumerCommand(reading.offset.map((k) => judged.words[k]!));
  judgeCommand({ ...consumer, redirects: cmd.redirects }, where, view, ctx, 'start', last, depth + 1);
  // xargs splits its input on blanks and reads quotes, unless both ends use NULs (-print0, -0).
  const nul = judged.argv.some((w) => w === '-0' || w === '--null');
  judgeFileList(reading.argv, list, where, view, !(nul && list.nul));
}

/** Each simple command of a list in each directory it may run in (`cwds`, from directories()). */
function judgeList(
  commands: readonly ShellCommand[],
  cwds: readonly (readonly string[])[],
  view: FileView,
  ctx: ContainedContext,
  last: boolean,
  depth: number,
  at: { index: number } = { index: -1 },
): void {
  for (let i = 0; i < commands.length; i++) {
    at.index = i;
    const isLast = last && i === commands.length - 1;
    for (const cwd of cwds[i]!) {
      for (const command of loopRuns(commands[i]!, view, cwd)) {
        const judged = unwrap(command);
        if (judged.argv[0] === 'xargs' && judged.assignments.length === 0)
          judgeXargs(commands, i, judged, { cwd }, view, ctx, isLast, depth);
        else judgeCommand(command, { cwd }, view, ctx, command.connector, isLast, depth);
      }
    }
  }
}

/** A glob's matches as sh writes them: relative to the directory when the pattern is relative. */
function asShGives(word: ShellWord, expanded: readonly string[], cwd: string): string[] {
  if (word.value.startsWith('/')) return [...expanded];
  return expanded.map((name) => (name.startsWith(`${cwd}/`) ? name.slice(cwd.length + 1) : name));
}

/**
 * A loop's body command once per value of the loop (its globs expanded as sh will, in `cwd`), with
 * `$NAME` replaced by the value; a command outside a loop as it is. An unquoted `$NAME` whose value
 * sh would split or expand again is a card.
 */
function loopRuns(command: ShellCommand, view: FileView, cwd: string): ShellCommand[] {
  const loop = command.loop;
  if (!loop) return [command];
  const values: string[] = [];
  for (const word of loop.values) {
    const found = view.expand(word, cwd);
    if (found === null) card('shell-construct', `the loop's pattern ${word.value} matches more than 2000 names`);
    const expanded = asShGives(word, found, cwd);
    if (word.tilde) outside(`the loop's value ${word.value}`, '`~` names a home directory');
    const option = expanded.find((v) => v.startsWith('-'));
    if (option) card('shell-construct', `the loop's value ${option} starts with - and would be read as an option`);
    values.push(...expanded);
  }
  return values.map((value) => ({
    ...command,
    words: command.words.map((w) => (w.expands ? withValue(w, loop.name, value) : w)),
  }));
}

function withValue(word: ShellWord, name: string, value: string): ShellWord {
  const parts = word.parts.map((p) => {
    if (!p.variable || p.name !== name) return p;
    if (!p.quoted && (value === '' || /[\s*?[\]]/.test(value)))
      card(
        'shell-construct',
        `the unquoted $${name} would split or expand ${JSON.stringify(value)} again; quote it: "$${name}"`,
      );
    return { text: value, quoted: true };
  });
  const expands = parts.some((p) => p.variable) ? { expands: true as const } : {};
  return { ...word, value: parts.map((p) => p.text).join(''), parts, ...expands };
}

/** Shells' options an inline script may come with: login, exit on error, trace, unset is an error, pipefail. */
const SCRIPT_SHELL_FLAGS = /^-[elxuc]+$|^--login$|^--noprofile$|^--norc$/;
const SCRIPT_SHELLS = new Set(['sh', 'bash', 'dash']);

/**
 * The script of `bash -c 'SCRIPT'` (or `sh -lc`, `bash -ec`, `bash -o pipefail -c`): a literal word
 * run as shell code, read here as a command of its own. Null when the shell takes more (arguments
 * after the script, other options, an interactive flag) or reads its input from a pipe or a file.
 */
function inlineScript(
  program: string,
  words: readonly ShellWord[],
  connector: string,
  redirects: ShellCommand['redirects'],
): string | null {
  if (!SCRIPT_SHELLS.has(program) || connector === '|') return null;
  if (redirects.some((r) => r.kind === 'heredoc' || (r.kind === 'file' && r.op === '<'))) return null;
  let c = false;
  let i = 1;
  for (; i < words.length - 1; i++) {
    const w = words[i]!.value;
    if (w === '-o' && words[i + 1]?.value === 'pipefail' && i + 2 < words.length - 1) {
      i++;
      continue;
    }
    if (!SCRIPT_SHELL_FLAGS.test(w) || words[i]!.glob) return null;
    if (/^-[a-z]*c/.test(w)) c = true;
  }
  if (!c || i !== words.length - 1) return null;
  const script = words[i]!;
  return script.glob || script.tilde ? null : script.value;
}

/** Most shells inside shells read (`bash -c "sh -c '…'"`). */
const SCRIPT_DEPTH = 3;

/** A shell's inline script, judged as its own command in the directory the shell starts in. */
function judgeScript(
  script: string,
  where: Where,
  view: FileView,
  ctx: ContainedContext,
  last: boolean,
  depth: number,
): void {
  if (depth >= SCRIPT_DEPTH) card('shell-construct', `shells nested more than ${SCRIPT_DEPTH} deep are not read`);
  const form = readCommand(script).form();
  if (!form.ok) card(form.undecidable ? 'undecidable' : 'shell-construct', `in the shell's script: ${form.reason}`);
  const inner = form.commands;
  const { cwds } = directories(inner, where.cwd, view, { index: -1 });
  judgeList(inner, cwds, view, ctx, last, depth + 1);
}

/** Whether the word at `index` is the value of `--env-file` (node, bun, deno read it for themselves). */
function isEnvFileFlag(argv: readonly string[], index: number): boolean {
  return argv[index]!.startsWith('--env-file=') || argv[index - 1] === '--env-file';
}

function hasLocalBin(view: FileView, cwd: string, name: string): boolean {
  let dir = cwd;
  for (;;) {
    const place = view.place(`${dir}/node_modules/.bin/${name}`, cwd);
    if (place.kind === 'inside' && place.stat !== undefined) return true;
    if (dir === view.workspace || !dir.startsWith(view.workspace)) return false;
    dir = path.dirname(dir);
  }
}

/** What a program deletes or overwrites among the places its words name. */
function lossTargets(
  program: string,
  argv: readonly string[],
  places: readonly { word: string; place: Place; index: number }[],
): { place: Place; recursive: boolean; how: string }[] {
  const recursive = argv.some((w) => /^-[a-zA-Z]*[rR]/.test(w) || w === '--recursive');
  const operands = places.filter((p) => !argv[p.index]!.startsWith('-'));
  switch (program) {
    case 'rm':
    case 'rmdir':
    case 'unlink':
    case 'shred':
    case 'srm':
      return operands.map((p) => ({ place: p.place, recursive, how: 'deletes it:' }));
    case 'mv':
      return operands.map((p) => ({ place: p.place, recursive: true, how: 'moves or overwrites it:' }));
    case 'cp':
    case 'install':
    case 'ln':
    case 'rsync': {
      const last = operands[operands.length - 1];
      return last && operands.length > 1 ? [{ place: last.place, recursive: false, how: 'overwrites it:' }] : [];
    }
    case 'truncate':
    case 'tee':
      return operands.map((p) => ({ place: p.place, recursive: false, how: 'overwrites it:' }));
    case 'sed':
    case 'perl':
      return argv.some((w) => /^-[a-zA-Z]*i/.test(w) || w.startsWith('--in-place'))
        ? operands.map((p) => ({ place: p.place, recursive: false, how: 'edits it in place:' }))
        : [];
    case 'dd':
      return places
        .filter((p) => argv[p.index]!.startsWith('of=') && p.word !== argv[p.index])
        .map((p) => ({ place: p.place, recursive: false, how: 'overwrites it:' }));
    case 'find':
      return argv.includes('-delete')
        ? operands
            .filter((p) => p.index < firstExpression(argv))
            .map((p) => ({ place: p.place, recursive: true, how: '-delete deletes what it finds:' }))
        : [];
    case 'git': {
      const sub = gitSubcommand(argv.slice(1))[0];
      return sub === 'rm' ? operands.map((p) => ({ place: p.place, recursive, how: 'rm deletes it:' })) : [];
    }
    default:
      return [];
  }
}

function firstExpression(argv: readonly string[]): number {
  const i = argv.findIndex((w, n) => n > 0 && (w.startsWith('-') || w === '(' || w === '!'));
  return i < 0 ? argv.length : i;
}

/**
 * The directories each simple command may run in. `cd DIR` is read only in the leading `&&` chain
 * (where it runs before everything else and what follows runs only if it succeeded); after that
 * chain (`;`, `||`), a command may run in any directory the chain reached before a failure.
 */
function directories(
  commands: readonly ShellCommand[],
  start: string,
  view: FileView,
  at: { index: number },
): { cwds: string[][] } {
  const cwds: string[][] = [];
  let chain = true;
  // sh's cd is logical (`..` taken off the path as written, $PWD), while the kernel resolves what
  // follows from the real directory: both are kept.
  let logical = start;
  let physical = start;
  const reached = [start];
  for (let i = 0; i < commands.length; i++) {
    const cmd = commands[i];
    at.index = i;
    if (cmd!.connector === ';' || cmd!.connector === '||') chain = false;
    const inPipeline = cmd!.connector === '|' || commands[i + 1]?.connector === '|';
    const isCd = cmd!.words[0]?.value === 'cd';
    if (!isCd) {
      cwds.push(chain ? [physical] : [...new Set(reached)]);
      continue;
    }
    if (cmd!.loop) card('shell-construct', 'a `cd` inside a loop changes the directory of each turn after it');
    if (!chain || inPipeline)
      card(
        'shell-construct',
        'a `cd` that is not at the start of the command (before a `;`, `||` or pipe) changes the directory of only some of what follows; start with `cd DIR &&`',
      );
    for (const a of cmd!.assignments) card('environment-override', `${a.name} set for cd changes where it goes`);
    if (cmd!.words.length !== 2 || cmd!.words[1]!.value === '-' || cmd!.words[1]!.value.startsWith('-'))
      card('shell-construct', '`cd` takes one directory here (no options, not `-`, not bare)');
    const target = cmd!.words[1];
    if (target!.tilde) outside(`the directory ${target!.value}`, '`~` names a home directory');
    if (target!.glob) card('shell-construct', `\`cd ${target!.value}\` goes to a pattern`);
    // sh's cd is logical: `..` is taken off the path as written, and only then is the path opened.
    const next = path.posix.resolve(logical, target!.value);
    const relative = path.posix.relative(view.workspace, next);
    if (relative.startsWith('..') || path.posix.isAbsolute(relative))
      outside(`the directory ${target!.value}`, `cd would go to ${next}`);
    const place = view.place(next, physical);
    if (place.kind === 'outside') outside(`the directory ${target!.value}`, place.reason);
    if (place.kind !== 'inside')
      card('shell-construct', `\`cd ${target!.value}\` is not a directory this rule can read`);
    if (place.stat !== undefined && !place.stat.isDirectory())
      card('shell-construct', `\`cd ${target!.value}\` is not a directory`);
    logical = next;
    physical = place.stat === undefined ? next : place.abs;
    reached.push(physical);
    cwds.push([]);
  }
  return { cwds };
}

function partsOf(commands: readonly ShellCommand[], deciding: number): ContainedPart[] {
  return commands.map((c, i) => ({ text: `${i === 0 ? '' : `${c.connector} `}${c.text}`, decides: i === deciding }));
}

/** The decision for `command` in run mode when it runs contained in the sandbox (from the call's one reading, when given). */
export function decideContained(
  command: string,
  ctx: ContainedContext,
  reading: CommandReading = readCommand(command),
): ContainedDecision {
  const form = reading.form();
  if (!form.ok)
    return {
      tier: 'gated',
      code: form.undecidable ? 'undecidable' : 'shell-construct',
      reason: form.reason,
      parts: [{ text: command, decides: true }],
    };
  const commands = form.commands;
  const at = { index: -1 };
  try {
    const session = pathSession(ctx.paths, true);
    const here = ctx.where ?? resolveCommandCwd(session, ctx.cwd);
    if (!here.ok) return { tier: 'gated', code: 'place-outside', reason: here.reason, parts: partsOf(commands, -1) };
    const view = new FileView(session, ctx.maxFileBytes ?? DEFAULT_CAP, ctx.privateTmp === true, ctx.ignoreRules);
    const { cwds } = directories(commands, here.absolute, view, at);
    judgeList(commands, cwds, view, ctx, true, 0, at);
  } catch (error) {
    if (error instanceof Card) {
      return {
        tier: 'gated',
        code: error.code,
        reason: error.sentence,
        parts: partsOf(commands, at.index),
        ...(error.domains ? { domains: error.domains } : {}),
      };
    }
    return {
      tier: 'gated',
      code: 'undecidable',
      reason: `the command could not be decided (${(error as Error).message}), so it asks`,
      parts: partsOf(commands, at.index),
    };
  }
  const n = commands.length;
  return {
    tier: 'auto',
    code: 'contained',
    reason: `runs contained in the sandbox${n > 1 ? ` (${n} commands)` : ''}`,
    parts: partsOf(commands, -1),
    plain: plainAsShForm(command, form, reading.lexed),
  };
}
