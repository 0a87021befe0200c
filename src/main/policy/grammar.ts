// The one interpreter of the run list (seed 003 §5.2, SPEC §7). It reads an argv against the
// program's declaration and answers "inside the grammar, provided these paths resolve" or a gate
// naming the program and the flag or operand that decided. It never says yes to something it did
// not recognise: every word is either matched by the declaration or the command is gated.
import { readFind } from './find';
import { readOperands } from './operands';
import { flagReason, programReason, subcommandReason } from './reasons';
import { MODULE_ONLY, PYTHON_MODULES, PYTHON_PROGRAMS, RUN_LIST } from './runList';
import type { FlagTakes, GateCode, GrammarVerdict, PathCheck, ProgramGrammar, Refusal } from './types';
import { checkValue, show } from './values';

function gate(code: GateCode, reason: string): GrammarVerdict {
  return { ok: false, code, reason };
}

const refusal = (code: GateCode, reason: string): Refusal => ({ code, reason });
const flagRefusal = (reason: string): Refusal => refusal('flag-not-on-run-list', reason);
const valueRefusal = (reason: string): Refusal => refusal('value-not-allowed', reason);

const has = (table: Readonly<Record<string, FlagTakes>> | undefined, key: string): boolean =>
  table !== undefined && Object.prototype.hasOwnProperty.call(table, key);

/** The long options a row lists, for naming an abbreviation; computed only when a flag is refused. */
const longNames = (g: ProgramGrammar): string[] => Object.keys(g.long ?? {}).map((k) => k.split('=')[0]!);

interface Reading {
  g: ProgramGrammar;
  display: string;
  args: readonly string[];
  checks: PathCheck[];
  seen: Set<string>;
}

/** Takes a flag's value: attached (`inline`) or the next word. Returns the last index consumed or a refusal. */
function takeValue(
  r: Reading,
  i: number,
  flag: string,
  kind: Exclude<FlagTakes, null>,
  inline: string | undefined,
): number | Refusal {
  const label = `${r.display} ${flag}`;
  r.seen.add(flag);
  if (inline !== undefined) {
    const bad = checkValue(kind, inline, label, r.checks);
    return bad === null ? i : valueRefusal(bad);
  }
  const next = r.args[i + 1];
  if (next === undefined) return valueRefusal(`${label} needs a value, and none follows it`);
  const bad = checkValue(kind, next, label, r.checks);
  return bad === null ? i + 1 : valueRefusal(bad);
}

/** Reads a `--long` word: an exact spelling, `--flag=value` or `--flag value`. */
function readLong(r: Reading, i: number, word: string, name: string, eq: number): number | Refusal {
  const { g, display } = r;
  // `--color=never`: a switch listed with its one value, spelled exactly so.
  if (eq >= 0 && has(g.long, word) && (g.long as Record<string, FlagTakes>)[word] === null) {
    r.seen.add(word);
    return i;
  }
  if (!has(g.long, name)) return flagRefusal(flagReason(g.name, display, name, word, longNames(g)));
  const takes = (g.long as Record<string, FlagTakes>)[name];
  if (takes === null) {
    if (eq >= 0) return flagRefusal(`${display} ${name} takes no value, and was given one in ${show(word)}`);
    r.seen.add(name);
    return i;
  }
  return takeValue(r, i, name, takes!, eq >= 0 ? word.slice(eq + 1) : undefined);
}

/** Reads a cluster of single letters (`-abc`, `-n5`, `-n=5`, `-n 5`). */
function readCluster(r: Reading, i: number, word: string): number | Refusal {
  const { g, display } = r;
  const short = g.short as Readonly<Record<string, FlagTakes>>;
  // Every letter a switch, except that a value-taking letter may come last and take the rest of
  // the word (`-n5`, `-n=5`) or the next word.
  for (let j = 1; j < word.length; j++) {
    const letter = word[j];
    const flag = `-${letter}`;
    if (!has(short, letter!)) return flagRefusal(flagReason(g.name, display, flag, word, longNames(g)));
    const takes = short[letter!];
    if (takes === null) {
      r.seen.add(flag);
      continue;
    }
    const rest = word.slice(j + 1);
    if (rest.length === 0) return takeValue(r, i, flag, takes!, undefined);
    // tree reads a value-taking letter's value from the next word only (types.ts, valuesSeparate).
    if (g.valuesSeparate) {
      return flagRefusal(
        `${display} ${show(word)} is not on the run list: ${g.name} takes ${flag}'s value from the next word, so ${flag} must end its cluster`,
      );
    }
    // getopt hands `-f=value` to the program as "=value": hold both readings to the rule.
    if (rest.startsWith('=')) {
      const raw = checkValue(takes!, rest, `${display} ${flag}`, r.checks);
      if (raw !== null && takes !== 'n') return valueRefusal(raw);
      return takeValue(r, i, flag, takes!, rest.slice(1));
    }
    return takeValue(r, i, flag, takes!, rest);
  }
  return i;
}

/** Reads the flag word at `i` (which begins with `-` and is neither `-` nor `--`). */
function readFlag(r: Reading, i: number): number | Refusal {
  const { g, display } = r;
  const word = r.args[i];
  const eq = word!.indexOf('=');
  const name = eq >= 0 ? word!.slice(0, eq) : word;

  // Single-dash words read whole (Go's flag package; cargo's -run), matched by exact spelling.
  if (has(g.words, name!)) {
    const takes = (g.words as Record<string, FlagTakes>)[name!];
    if (eq >= 0 && (takes === null || !g.wordsTakeEquals)) {
      return flagRefusal(`${display} ${word} is not on the run list (${name} is, spelled without '=')`);
    }
    if (takes === null) {
      r.seen.add(name!);
      return i;
    }
    return takeValue(r, i, name!, takes!, eq >= 0 ? word!.slice(eq + 1) : undefined);
  }

  if (word!.startsWith('--')) return readLong(r, i, word!, name!, eq);

  // A program without single letters (go) reads `-abc` as one unknown flag: name it whole.
  if (g.short === undefined) return flagRefusal(flagReason(g.name, display, name!, word!, longNames(g)));

  // tsc, vitest, jest, xxd: a letter is read only as a word of its own (`-t value`); their parsers
  // read `-tc x` or `-pfoo` as something else entirely (types.ts, shortWhole).
  if (g.shortWhole && word!.length !== 2) {
    const letter = word![1];
    if (!has(g.short, letter!)) return flagRefusal(flagReason(g.name, display, `-${letter}`, word!, longNames(g)));
    const takes = g.short[letter!];
    if (g.shortEquals && word![2] === '=' && takes !== null)
      return takeValue(r, i, `-${letter}`, takes!, word!.slice(3));
    return flagRefusal(
      `${display} ${show(word!)} is not on the run list: ${g.name} reads it differently from -${letter} followed by a value, so -${letter} must stand alone with its value as the next word`,
    );
  }
  return readCluster(r, i, word!);
}

/** The subcommand, when the row has one: the index of the first word after it, or a refusal. */
function readSubcommand(
  g: ProgramGrammar,
  display: string,
  args: readonly string[],
): { next: number; summary: string } | Refusal {
  const sub = g.subcommand;
  if (sub === undefined) return { next: 0, summary: display };
  const first = args[0];
  const names = sub.names;
  if (first !== undefined && names.includes(first)) return { next: 1, summary: `${display} ${first}` };
  // Worded only when a subcommand is refused: an accepted one (every `npm test`) builds no sentence.
  const listed = (): string => `the subcommands that run without a card are ${names.join(', ')}`;
  if (first !== undefined && sub.reserved?.includes(first)) {
    return refusal('subcommand-not-on-run-list', `${display} ${first} is not on the run list (${listed()})`);
  }
  if (!sub.required) return { next: 0, summary: display };
  if (first === undefined)
    return refusal('subcommand-not-on-run-list', `${display} needs a subcommand, one of: ${names.join(', ')}`);
  return refusal(
    'subcommand-not-on-run-list',
    subcommandReason(g.name, first) ?? `${display} ${first} is not on the run list (${listed()})`,
  );
}

/** Reads the words after the program (and subcommand) against its declaration. */
export function readArgs(g: ProgramGrammar, display: string, args: readonly string[]): GrammarVerdict {
  const r: Reading = { g, display, args, checks: [], seen: new Set() };
  const sub = readSubcommand(g, display, args);
  if ('code' in sub) return { ok: false, ...sub };
  if (g.responseFiles) {
    // pytest, mypy, tsc, strings expand `@file` into arguments from that file, wherever it stands.
    const at = args.find((word) => word.startsWith('@'));
    if (at !== undefined) {
      return gate(
        'flag-not-on-run-list',
        `${display} reads ${show(at)} as a file of more arguments, which could carry any flag, so it is not on the run list`,
      );
    }
  }
  const operands: string[] = [];
  let endOfOptions = false;
  for (let i = sub.next; i < args.length; i++) {
    const word = args[i];
    if (word!.charCodeAt(0) !== 45 /* - */) {
      operands.push(word!);
      continue;
    }
    // An operand that begins with a dash is refused even after `--` (seed 003 §5.2): `--` stops
    // this parser reading it as a flag and says nothing about the program.
    if (endOfOptions)
      return gate(
        'operand-not-allowed',
        `${display}: the operand ${show(word!)} begins with '-', which is refused even after --`,
      );
    if (word === '-')
      return gate('operand-not-allowed', `${display} - reads standard input, which is not on the run list`);
    if (word === '--') {
      if (!g.doubleDash) return gate('flag-not-on-run-list', `${display} -- is not on the run list`);
      // BSD uniq reads a `--` after its input as the name of its output file (types.ts optionsBeforeOperands).
      if (g.optionsBeforeOperands && operands.length > 0) {
        return gate(
          'flag-not-on-run-list',
          `${display} reads options only before ${show(operands[0]!)}, and takes -- after it as an operand, so it is not on the run list`,
        );
      }
      endOfOptions = true;
      continue;
    }
    const next = readFlag(r, i);
    if (typeof next !== 'number') return { ok: false, ...next };
    // node: a listed flag after the script is the script's argument, not node's (`node dir --test`).
    if (g.optionsBeforeOperands && operands.length > 0) {
      return gate(
        'flag-not-on-run-list',
        `${display} reads options only before ${show(operands[0]!)}, and hands ${show(word!)} to it instead, so it is not on the run list`,
      );
    }
    i = next;
  }
  const missing = g.requires?.find((flag) => !r.seen.has(flag));
  if (missing !== undefined) {
    return gate('flag-not-on-run-list', `${display} runs without a card only with ${missing}, which it was not given`);
  }
  const problem = readOperands(r, operands);
  if (problem !== null) return { ok: false, ...problem };
  const up = g.findsUp;
  if (up && (up.evenWithOperands || operands.length === 0) && !up.unless.some((flag) => r.seen.has(flag))) {
    r.checks.push({ path: '.', role: display, findUp: up.file });
  }
  if (g.configUp) r.checks.push({ path: '.', role: display, configUp: g.configUp });
  if (g.name === 'pytest') {
    // pytest -p imports the module it names, every one given: a project module, or `no:<name>` to
    // disable one. Python imports `a.b` by importing `a` first: that top-level name must be the project's.
    for (const plugin of pluginValues(args)) {
      if (!plugin.startsWith('no:'))
        r.checks.push({ path: plugin.split('.')[0]!, role: `${display} -p`, pythonModule: true });
    }
  }
  return { ok: true, checks: r.checks, summary: sub.summary };
}

/** Every value of pytest's `-p`, in any spelling the grammar accepted (`-p x`, `-px`, `-qp x`). */
function pluginValues(args: readonly string[]): string[] {
  const values: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (!word!.startsWith('-') || word!.startsWith('--')) continue;
    for (let j = 1; j < word!.length; j++) {
      const letter = word![j];
      if (letter !== 'p' && letter !== 'k') continue;
      // As pytest's early plugin loading reads it: `-p=x` names the module `=x` (argparse's `x` comes later).
      const rest = word!.slice(j + 1);
      if (rest.length > 0) {
        if (letter === 'p') values.push(rest);
      } else {
        // The value is the next word, which is then not read as flags of its own.
        if (letter === 'p' && i + 1 < args.length) values.push(args[i + 1]!);
        i++;
      }
      break;
    }
  }
  return values;
}

function readPython(argv: readonly string[]): GrammarVerdict {
  const program = argv[0];
  const first = argv[1];
  if (first === undefined) return gate('operand-not-allowed', `${program} with nothing after it starts an interpreter`);
  // -m must be the first word (seed 003 §5): `python -I -m pytest` is gated by -I.
  if (first === '-m' || (first.startsWith('-m') && !first.startsWith('-m='))) {
    const module = first === '-m' ? argv[2] : first.slice(2);
    if (module === undefined) return gate('subcommand-not-on-run-list', `${program} -m needs a module`);
    if (!PYTHON_MODULES.has(module)) {
      return gate(
        'subcommand-not-on-run-list',
        `${program} -m ${module} is not on the run list (the modules are ${[...PYTHON_MODULES].join(', ')})`,
      );
    }
    const grammar = RUN_LIST.get(module) as ProgramGrammar;
    return readArgs(grammar, `${program} -m ${module}`, argv.slice(first === '-m' ? 3 : 2));
  }
  if (first.startsWith('-')) {
    const flag = first.startsWith('--') ? first.split('=')[0] : first.slice(0, 2);
    return gate('flag-not-on-run-list', flagReason('python', program!, flag!, first));
  }
  if (argv.length > 2) {
    return gate(
      'operand-not-allowed',
      `${program} runs a project script only with no arguments, and ${show(argv[2]!)} is one`,
    );
  }
  if (!first.endsWith('.py'))
    return gate('not-project-file', `${program} runs only a .py file of the project, and ${show(first)} is not one`);
  return {
    ok: true,
    checks: [{ path: first, role: `${program}'s script`, mustBeFile: true }],
    summary: `${program} script`,
  };
}

/** Why a program that is not a bare listed name gates (SPEC §7: ./grep, /usr/bin/grep, NAME=value grep). */
function unlistedProgram(argv: readonly string[]): GrammarVerdict {
  const program = argv[0];
  if (program!.includes('=')) {
    return gate(
      'not-on-run-list',
      `${show(program!)} sets a variable for the command, which the run list never allows`,
    );
  }
  if (program!.includes('/') || program!.startsWith('.')) {
    return gate(
      'not-on-run-list',
      `the program ${show(program!)} is a path; only a bare name from the run list runs without a card`,
    );
  }
  const sub = argv[1];
  const named = sub === undefined ? null : subcommandReason(program!, sub);
  if (named) return gate('subcommand-not-on-run-list', named);
  return gate('not-on-run-list', programReason(program!));
}

/** The whole grammar: is this argv inside the run list, and which paths must then resolve? */
export function readGrammar(argv: readonly string[]): GrammarVerdict {
  const program = argv[0];
  if (PYTHON_PROGRAMS.has(program!)) return readPython(argv);
  if (program === 'find') return readFind(argv);
  const grammar = RUN_LIST.get(program!);
  if (grammar === undefined || MODULE_ONLY.has(program!)) return unlistedProgram(argv);
  return readArgs(grammar, program!, argv.slice(1));
}
