// What every part of a contained judgment shares (policy/contained.ts and the parts it asks:
// containedOperands.ts, containedChanges.ts, containedLists.ts, containedShells.ts): the decision's
// context, the card thrown from deep in it with its rule's code and sentence, the places a word names
// checked against the workspace, and a command's words once its wrappers (env, timeout, nice) are
// taken off.
import path from 'node:path';
import type { PathContext } from '../workspace/types';
import type { FileView, Place } from './containedFiles';
import type { IgnoreRules } from './ignoreRules';
import type { CwdResolution } from './paths';
import type { ShellCommand, ShellWord } from './shellForm';
import type { GateCode } from './types';
import { wholeLongOptions } from './longOptions';

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
  /**
   * A secrets file the repository's history holds though the tree does not (git/historySecrets.ts),
   * asked only for a history-wide printer; absent: the history is not read.
   */
  historySecret?: () => string | null;
}

/** A card's rule, thrown from deep in the judgment (not an Error: a stack trace costs more than the decision). */
export class Card {
  constructor(
    readonly code: GateCode,
    readonly sentence: string,
    readonly domains?: readonly string[],
  ) {}
}

export function card(code: GateCode, sentence: string, domains?: readonly string[]): never {
  throw new Card(code, sentence, domains);
}

/** A system binary's path (`/usr/bin/env`): the program it names, not a place the command wants. */
export const SYSTEM_BIN = /^\/(usr\/(local\/)?)?s?bin\/[^/]+$/;

export interface Judged {
  argv: string[];
  words: readonly ShellWord[];
  assignments: readonly { name: string; value: ShellWord }[];
}

/** `env NAME=v prog`, `timeout 30 prog`, `nice prog`, `/usr/bin/env prog`: the command they run. */
export function unwrap(cmd: ShellCommand): Judged {
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
        // env takes any word with `=` for a variable, names sh cannot write among them (bash's
        // exported functions, `BASH_FUNC_ls%%=() { …; }`).
        if (!eq && w.includes('=') && !w.startsWith('='))
          card(
            'environment-override',
            `env ${w.slice(0, w.indexOf('=') + 1)}… sets a variable that changes what the program runs`,
          );
        if (!eq) break;
        assignments.push({ name: eq[1]!, value: { ...words[i]!, value: w.slice(eq[0].length) } });
      }
      words = words.slice(i);
      continue;
    }
    if (program === 'timeout' || program === 'nice') {
      words = [words[0]!, ...afterOptions(program, words.slice(1))];
      // timeout's duration comes before its command.
      words = words.slice(program === 'timeout' ? 2 : 1);
      continue;
    }
    // Read as a plain program only as `time CMD` or `time -p CMD` (shellWords.ts readsAsBuiltin).
    // With any other option it is GNU time's program, a wrapper (containedRunners.ts) judged by what it runs.
    if (program === 'time' && words[1] !== undefined && (words[1].value === '-p' || !words[1].value.startsWith('-'))) {
      words = words.slice(words[1].value === '-p' ? 2 : 1);
      continue;
    }
    break;
  }
  // Long options taken by a prefix (`grep --recu`) are judged written out whole (longOptions.ts).
  const argv = words.map((w) => w.value);
  const spelled = wholeLongOptions(argv);
  if (spelled === argv) return { argv, words, assignments };
  words = words.map((w, i) => (spelled[i] === w.value ? w : respelled(w, spelled[i]!)));
  return { argv: [...spelled], words, assignments };
}

/** Options of timeout and nice: those taking the next word as their value, and those taking none. */
const WRAPPER_OPTIONS: Readonly<Record<'timeout' | 'nice', { valued: readonly string[]; bare: readonly string[] }>> = {
  timeout: {
    valued: ['-s', '-k', '--signal', '--kill-after'],
    bare: ['-v', '--verbose', '--preserve-status', '--foreground'],
  },
  nice: { valued: ['-n', '--adjustment'], bare: [] },
};

/**
 * timeout's and nice's words after their own options (long ones written out whole first), read as
 * their getopt reads them: a value attached or next, `--` ending them. An option this rule does
 * not know is a card: what follows it is not known to be the command.
 */
function afterOptions(program: 'timeout' | 'nice', rest: readonly ShellWord[]): ShellWord[] {
  const spelled = wholeLongOptions([program, ...rest.map((w) => w.value)]).slice(1);
  const { valued, bare } = WRAPPER_OPTIONS[program];
  let i = 0;
  while (i < rest.length) {
    const w = spelled[i]!;
    if (w === '--') return rest.slice(i + 1);
    if (!w.startsWith('-') || (program === 'nice' && /^-\d+$/.test(w))) {
      if (program === 'nice' && /^-\d+$/.test(w)) i++;
      else break;
      continue;
    }
    const name = w.split('=')[0]!;
    if (valued.includes(w)) i += 2;
    else if (w.includes('=') && valued.includes(name)) i++;
    else if (valued.some((v) => v.length === 2 && w.startsWith(v) && w.length > 2)) i++;
    else if (bare.includes(w)) i++;
    else card('shell-construct', `${program} ${w} is an option this rule does not read`);
  }
  // After the options, `--` may still end them (`nice -n 5 -- CMD`).
  return spelled[i] === '--' ? rest.slice(i + 1) : rest.slice(i);
}

/** A word whose option name is written out whole: the name's letters replaced, the rest (a value, a pattern) kept as it was. */
function respelled(word: ShellWord, value: string): ShellWord {
  const name = value.split('=')[0]!;
  const given = word.value.split('=')[0]!.length;
  const rest: ShellWord['parts'][number][] = [];
  let skip = given;
  for (const part of word.parts) {
    if (skip >= part.text.length) {
      skip -= part.text.length;
      continue;
    }
    rest.push(skip > 0 ? { ...part, text: part.text.slice(skip) } : part);
    skip = 0;
  }
  return { ...word, value, parts: [{ text: name, quoted: false }, ...rest] };
}

/** Words already named (a pure function of the word, asked many times per command): kept up to a bound. */
const PROGRAM_NAMES = new Map<string, string>();
const MOST_PROGRAM_NAMES = 4096;

/** The program a word names: its base name when it is a system binary's path, else the word itself. */
export function programName(word: string): string {
  const known = PROGRAM_NAMES.get(word);
  if (known !== undefined) return known;
  const base = path.posix.basename(word);
  // A system binary by path is that program; an interpreter by any path (a virtualenv's
  // bin/python, /opt/…/python3.11) is judged as that interpreter; a compiler or binutil by its
  // target's or version's name (`x86_64-linux-gnu-gcc-12`, `gcc-13`, `ld.bfd`) as that tool.
  const named =
    interpreterName(base) ??
    toolchainName(word.includes('/') && !SYSTEM_BIN.test(word) ? '' : base) ??
    (SYSTEM_BIN.test(word) ? base : word);
  if (PROGRAM_NAMES.size >= MOST_PROGRAM_NAMES) PROGRAM_NAMES.clear();
  PROGRAM_NAMES.set(word, named);
  return named;
}

/** The compilers and binutils cross toolchains and versions name with a prefix or a suffix. */
const TOOLCHAIN =
  /^(?:(?:x86_64|i[3-6]86|aarch64|arm\w*|riscv\d*|mips\w*|powerpc\w*|ppc\w*|s390x|sparc\w*|loongarch64|avr|xtensa|m68k)-(?:[a-z0-9_]+-){0,3}?)?(gcc|g\+\+|cpp|c\+\+|cc|gfortran|clang|clang\+\+|ld|as|ar|nm|objcopy|objdump|strip|readelf|ranlib|strings|size|addr2line|c\+\+filt|elfedit|gprof|gcov)(?:-\d+(?:\.\d+)*)?$/;

/** The tool a toolchain's name is (`x86_64-linux-gnu-gcc-12` is gcc, `ld.bfd` is ld), or null. */
function toolchainName(base: string): string | null {
  if (base === '') return null;
  if (/^ld\.(bfd|gold|lld)$/.test(base)) return 'ld';
  const tool = TOOLCHAIN.exec(base);
  return tool && tool[0] !== tool[1] ? tool[1]! : null;
}

/** The name of an installed tool run by path: `node_modules/.bin/NAME`, or `DIR/bin/NAME` of a virtualenv (DIR/pyvenv.cfg). */
export function installedTool(word: string, view: FileView, cwd: string): string | null {
  const npm = /(?:^|\/)node_modules\/\.bin\/([^/]+)$/.exec(word);
  if (npm) return npm[1]!;
  const venv = /^(.*\/)?bin\/([^/]+)$/.exec(word);
  if (!venv) return null;
  const cfg = view.place(`${venv[1] ?? ''}pyvenv.cfg`, cwd);
  return cfg.kind === 'inside' && cfg.stat?.isFile() === true ? venv[2]! : null;
}

/** Shells and interpreters under their other names, each judged as the one it is. */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['rbash', 'bash'],
  ['ash', 'sh'],
  ['pypy', 'python'],
  ['pypy3', 'python3'],
  ['ksh93', 'ksh'],
  ['mksh', 'ksh'],
  ['oksh', 'ksh'],
  ['loksh', 'ksh'],
  ['pdksh', 'ksh'],
]);

/**
 * The interpreter a program name is, its version taken off (`python3.11` is python3, `perl5.36.0`
 * perl, `tclsh8.6` tclsh), or null when it names none.
 */
export function interpreterName(name: string): string | null {
  const alias = ALIASES.get(name);
  if (alias !== undefined) return alias;
  const versioned =
    /^(python[23]?|perl|ruby|php|lua|tclsh|wish|node|nodejs|bash|zsh|ksh)(\d+(\.\d+)*|-\d+(\.\d+)*)$/.exec(name);
  if (versioned) {
    const [, stem, version] = versioned;
    if (stem === 'python') return `python${version!.replace(/^-/, '')[0]}`;
    return stem!;
  }
  return /^(python[23]?|node|nodejs|perl|ruby|php|lua|sh|bash|dash|zsh|ksh|tclsh)$/.test(name) ? name : null;
}

export interface Where {
  /** Real absolute directory the command runs in. */
  cwd: string;
}

export function outside(what: string, reason: string): never {
  card('place-outside', `${what} is outside the workspace: ${reason}`);
}

export function insideOrCard(view: FileView, text: string, where: Where, what: string): Place {
  const place = view.place(text, where.cwd);
  if (place.kind === 'outside') outside(what, place.reason);
  return place;
}

/** The judgment of one simple command, which the parts that hand it a command they read call back. */
export type JudgeCommand = (
  cmd: ShellCommand,
  where: Where,
  view: FileView,
  ctx: ContainedContext,
  connector: string,
  last?: boolean,
  depth?: number,
) => void;

/** A word of a command that may name a place, where it lands, and its index in the argv. */
export interface OperandPlace {
  word: string;
  place: Place;
  index: number;
}

/** A redirect's target and where it lands (`op`: `>`, `>>` or `<`). */
export interface RedirectPlace {
  op: string;
  place: Place;
  text: string;
}
