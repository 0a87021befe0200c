// The one interpreter of the run list (seed 003 §5.2, SPEC §7). It reads an argv against the
// program's declaration and answers "inside the grammar, provided these paths resolve" or a gate
// naming the program and the flag or operand that decided. It never says yes to something it did
// not recognise: every word is either matched by the declaration or the command is gated.
import { assertNever } from '../../shared/domain';
import { readFind } from './find';
import { flagReason, programReason, subcommandReason } from './reasons';
import { MODULE_ONLY, PYTHON_MODULES, PYTHON_PROGRAMS, RUN_LIST } from './runList';
import type { FlagTakes, GrammarVerdict, PathCheck, ProgramGrammar } from './types';
import { checkValue, show } from './values';

function gate(reason: string): GrammarVerdict {
  return { ok: false, reason };
}

const has = (table: Readonly<Record<string, FlagTakes>> | undefined, key: string): boolean =>
  table !== undefined && Object.prototype.hasOwnProperty.call(table, key);

interface Reading {
  g: ProgramGrammar;
  display: string;
  args: readonly string[];
  checks: PathCheck[];
  seen: Set<string>;
}

/** Takes a flag's value: attached (`inline`) or the next word. Returns the last index consumed or a reason. */
function takeValue(r: Reading, i: number, flag: string, kind: Exclude<FlagTakes, null>, inline: string | undefined): number | string {
  const label = `${r.display} ${flag}`;
  r.seen.add(flag);
  if (inline !== undefined) return checkValue(kind, inline, label, r.checks) ?? i;
  const next = r.args[i + 1];
  if (next === undefined) return `${label} needs a value, and none follows it`;
  return checkValue(kind, next, label, r.checks) ?? i + 1;
}

/** Reads the flag word at `i` (which begins with `-` and is neither `-` nor `--`). */
function readFlag(r: Reading, i: number): number | string {
  const { g, display } = r;
  const word = r.args[i];
  const eq = word.indexOf('=');
  const name = eq >= 0 ? word.slice(0, eq) : word;
  const allowedLong = Object.keys(g.long ?? {});

  // Single-dash words read whole (Go's flag package; cargo's -run), matched by exact spelling.
  if (has(g.words, name)) {
    const takes = (g.words as Record<string, FlagTakes>)[name];
    if (eq >= 0 && (takes === null || !g.wordsTakeEquals)) {
      return `${display} ${word} is not on the run list (${name} is, spelled without '=')`;
    }
    if (takes === null) {
      r.seen.add(name);
      return i;
    }
    return takeValue(r, i, name, takes, eq >= 0 ? word.slice(eq + 1) : undefined);
  }

  if (word.startsWith('--')) {
    if (!has(g.long, name)) return flagReason(g.name, display, name, word, allowedLong);
    const takes = (g.long as Record<string, FlagTakes>)[name];
    if (takes === null) {
      if (eq >= 0) return `${display} ${name} takes no value, and was given one in ${show(word)}`;
      r.seen.add(name);
      return i;
    }
    return takeValue(r, i, name, takes, eq >= 0 ? word.slice(eq + 1) : undefined);
  }

  // A program without single letters (go) reads `-abc` as one unknown flag: name it whole.
  if (g.short === undefined) return flagReason(g.name, display, name, word, allowedLong);

  // tsc, vitest, jest: a letter is read only as a word of its own (`-t value`); their parsers read
  // `-tc x` or `-pfoo` as something else entirely (types.ts, shortWhole).
  if (g.shortWhole && word.length !== 2) {
    const letter = word[1];
    if (!has(g.short, letter)) return flagReason(g.name, display, `-${letter}`, word, allowedLong);
    const takes = g.short[letter];
    if (g.shortEquals && word[2] === '=' && takes !== null) return takeValue(r, i, `-${letter}`, takes, word.slice(3));
    return `${display} ${show(word)} is not on the run list: ${g.name} reads it differently from -${letter} followed by a value, so -${letter} must stand alone with its value as the next word`;
  }

  // A cluster: every letter a switch, except that a value-taking letter may come last and take
  // the rest of the word (`-n5`, `-n=5`) or the next word.
  const short = g.short;
  for (let j = 1; j < word.length; j++) {
    const letter = word[j];
    const flag = `-${letter}`;
    if (!has(short, letter)) return flagReason(g.name, display, flag, word, allowedLong);
    const takes = short[letter];
    if (takes === null) {
      r.seen.add(flag);
      continue;
    }
    const rest = word.slice(j + 1);
    if (rest.length === 0) return takeValue(r, i, flag, takes, undefined);
    // getopt hands `-f=value` to the program as "=value": hold both readings to the rule.
    if (rest.startsWith('=')) {
      const raw = checkValue(takes, rest, `${display} ${flag}`, r.checks);
      if (raw !== null && takes !== 'n') return raw;
      return takeValue(r, i, flag, takes, rest.slice(1));
    }
    return takeValue(r, i, flag, takes, rest);
  }
  return i;
}

/** Reads the words after the program (and subcommand) against its declaration. */
export function readArgs(g: ProgramGrammar, display: string, args: readonly string[]): GrammarVerdict {
  const r: Reading = { g, display, args, checks: [], seen: new Set() };
  let i = 0;
  let summary = display;
  if (g.subcommand) {
    const first = args[0];
    const names = g.subcommand.names;
    if (first !== undefined && names.includes(first)) {
      summary = `${display} ${first}`;
      i = 1;
    } else if (first !== undefined && g.subcommand.reserved?.includes(first)) {
      return gate(`${display} ${first} is not on the run list (the subcommands that run without a card are ${names.join(', ')})`);
    } else if (g.subcommand.required) {
      if (first === undefined) return gate(`${display} needs a subcommand, one of: ${names.join(', ')}`);
      return gate(
        subcommandReason(g.name, first) ??
          `${display} ${first} is not on the run list (the subcommands that run without a card are ${names.join(', ')})`,
      );
    }
  }
  if (g.responseFiles) {
    // pytest, mypy, tsc expand `@file` into arguments from that file, wherever it stands.
    const at = args.find((word) => word.startsWith('@'));
    if (at !== undefined) {
      return gate(`${display} reads ${show(at)} as a file of more arguments, which could carry any flag, so it is not on the run list`);
    }
  }
  const operands: string[] = [];
  let endOfOptions = false;
  for (; i < args.length; i++) {
    const word = args[i];
    if (!word.startsWith('-')) {
      operands.push(word);
      continue;
    }
    // An operand that begins with a dash is refused even after `--` (seed 003 §5.2): `--` stops
    // this parser reading it as a flag and says nothing about the program.
    if (endOfOptions) return gate(`${display}: the operand ${show(word)} begins with '-', which is refused even after --`);
    if (word === '-') return gate(`${display} - reads standard input, which is not on the run list`);
    if (word === '--') {
      if (!g.doubleDash) return gate(`${display} -- is not on the run list`);
      endOfOptions = true;
      continue;
    }
    const next = readFlag(r, i);
    if (typeof next === 'string') return gate(next);
    // node: a listed flag after the script is the script's argument, not node's (`node dir --test`).
    if (g.optionsBeforeOperands && operands.length > 0) {
      return gate(`${display} reads options only before ${show(operands[0])}, and hands ${show(word)} to it instead, so it is not on the run list`);
    }
    i = next;
  }
  const problem = readOperands(r, operands);
  if (problem !== null) return gate(problem);
  const up = g.findsUp;
  if (up && (up.evenWithOperands || operands.length === 0) && !up.unless.some((flag) => r.seen.has(flag))) {
    r.checks.push({ path: '.', role: display, findUp: up.file });
  }
  if (g.name === 'pytest') {
    // pytest -p imports the module it names: a project module, or `no:<plugin>` to disable one.
    const plugin = pluginValue(args);
    if (plugin !== undefined && !plugin.startsWith('no:')) r.checks.push({ path: plugin, role: `${display} -p`, pythonModule: true });
  }
  return { ok: true, checks: r.checks, summary };
}

/** The value of pytest's `-p` in any spelling the grammar accepted (`-p x`, `-px`, `-qp x`), or undefined. */
function pluginValue(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (!word.startsWith('-') || word.startsWith('--')) continue;
    for (let j = 1; j < word.length; j++) {
      const letter = word[j];
      if (letter !== 'p' && letter !== 'k') continue;
      const rest = word.slice(j + 1).replace(/^=/, '');
      if (letter === 'k') {
        if (rest.length === 0) i++; // -k's value is the next word
        break;
      }
      return rest.length > 0 ? rest : args[i + 1];
    }
  }
  return undefined;
}

function readOperands(r: Reading, operands: string[]): string | null {
  const { g, display, checks } = r;
  const rule = g.operands;
  switch (rule.kind) {
    case 'none':
      return operands.length === 0 ? null : `${display} takes no operands, and was given ${show(operands[0])}`;
    case 'anyWords':
      return null;
    case 'paths': {
      if (rule.max !== undefined && operands.length > rule.max) {
        return `${display} takes at most ${rule.max} path, and ${show(operands[rule.max])} would be ${g.name === 'uniq' ? 'its output file' : 'one more'}`;
      }
      const script = rule.script !== undefined && !r.seen.has(rule.script.unlessFlag);
      if (script && operands.length === 0) return `${display} needs a script file of the project (or ${rule.script?.unlessFlag})`;
      const walk = rule.recursive;
      const recursive = walk !== undefined && (walk.onlyWith === undefined || r.seen.has(walk.onlyWith));
      operands.forEach((path, k) => {
        checks.push({ path, role: `${display}'s operand`, notDirectory: rule.notDirectory, mustBeFile: script && k === 0, recursive });
      });
      // With no operand (or always: vitest, jest), the program searches its working directory.
      if (recursive && (walk.fromCwd === 'always' || operands.length === 0)) {
        checks.push({ path: '.', role: `${display}'s search of the working directory`, recursive });
      }
      return null;
    }
    case 'patternThenPaths': {
      if (operands.length === 0) return `${display} needs a pattern as its first operand`;
      const recursive = rule.recursive === 'always' || r.seen.has(rule.recursive);
      operands.slice(1).forEach((path) => checks.push({ path, role: `${display}'s path operand`, recursive }));
      // With no path, a recursive search starts at the working directory.
      if (recursive && operands.length === 1) checks.push({ path: '.', role: `${display}'s search of the working directory`, recursive });
      return null;
    }
    case 'words': {
      if (rule.max !== undefined && operands.length > rule.max) {
        return `${display} takes at most ${rule.max} word here, and ${show(operands[rule.max])} is one more`;
      }
      if (rule.min !== undefined && operands.length < rule.min) return `${display} needs ${rule.min} word`;
      for (const word of operands) {
        const bad = checkValue('word', word, `${display}'s operand`, checks);
        if (bad !== null) return bad;
        if (rule.pattern && !rule.pattern.test(word)) return `${display}'s operand ${show(word)} is not a bare name (${rule.pattern.source})`;
        if (rule.alsoPath) checks.push({ path: word, role: `${display}'s operand` });
        // unittest imports each word as a module (`antigravity` opens a browser): the project's own only.
        if (rule.modules && !(word === 'discover' && operands[0] === word)) {
          checks.push({ path: word.split('.')[0], role: `${display}'s module`, pythonModule: true });
        }
      }
      return null;
    }
    case 'goPackages': {
      for (const op of operands) {
        // `all`, `std`, `cmd`, `tool` are not directories: they name every dependency's or the
        // toolchain's own packages, whose tests are not this project's.
        if (GO_META_PACKAGES.has(op)) return `${display} ${op} names packages outside this project (the operands are ./..., pkg/... or paths)`;
        // `./...` and `pkg/...` name the tree below a directory: that directory is the path checked.
        const tree = op === './...' || op.endsWith('/...');
        const base = op === './...' ? '.' : tree ? op.slice(0, -4) : op;
        if (base.length === 0 || base.includes('...')) return `${display}'s operand ${show(op)} is not ./..., pkg/... or a path`;
        // Go reads a word that does not begin with `.` as an import path (`net/...` is the standard
        // library's, `example.com/x` a module's): only a directory of the project is this project's.
        const importPath = !op.startsWith('.') && !op.endsWith('.go');
        if (importPath && base.split('/')[0].includes('.')) return `${display}'s operand ${show(op)} names a module by its import path, outside this project`;
        checks.push({ path: base, role: `${display}'s package operand`, recursive: tree, mustBeDirectory: importPath });
      }
      return null;
    }
    default:
      return assertNever(rule);
  }
}

const GO_META_PACKAGES: ReadonlySet<string> = new Set(['all', 'std', 'cmd', 'tool']);

function readPython(argv: readonly string[]): GrammarVerdict {
  const program = argv[0];
  const first = argv[1];
  if (first === undefined) return gate(`${program} with nothing after it starts an interpreter`);
  // -m must be the first word (seed 003 §5): `python -I -m pytest` is gated by -I.
  if (first === '-m' || (first.startsWith('-m') && !first.startsWith('-m='))) {
    const module = first === '-m' ? argv[2] : first.slice(2);
    if (module === undefined) return gate(`${program} -m needs a module`);
    if (!PYTHON_MODULES.has(module)) {
      return gate(`${program} -m ${module} is not on the run list (the modules are ${[...PYTHON_MODULES].join(', ')})`);
    }
    const grammar = RUN_LIST.get(module) as ProgramGrammar;
    return readArgs(grammar, `${program} -m ${module}`, argv.slice(first === '-m' ? 3 : 2));
  }
  if (first.startsWith('-')) {
    const flag = first.startsWith('--') ? first.split('=')[0] : first.slice(0, 2);
    return gate(flagReason('python', program, flag, first));
  }
  if (argv.length > 2) {
    return gate(`${program} runs a project script only with no arguments, and ${show(argv[2])} is one`);
  }
  if (!first.endsWith('.py')) return gate(`${program} runs only a .py file of the project, and ${show(first)} is not one`);
  return { ok: true, checks: [{ path: first, role: `${program}'s script`, mustBeFile: true }], summary: `${program} script` };
}

/** Why a program that is not a bare listed name gates (SPEC §7: ./grep, /usr/bin/grep, NAME=value grep). */
function unlistedProgram(argv: readonly string[]): string {
  const program = argv[0];
  if (program.includes('=')) {
    return `${show(program)} sets a variable for the command, which the run list never allows`;
  }
  if (program.includes('/') || program.startsWith('.')) {
    return `the program ${show(program)} is a path; only a bare name from the run list runs without a card`;
  }
  const sub = argv[1];
  if (sub !== undefined) {
    const named = subcommandReason(program, sub);
    if (named) return named;
  }
  return programReason(program);
}

/** The whole grammar: is this argv inside the run list, and which paths must then resolve? */
export function readGrammar(argv: readonly string[]): GrammarVerdict {
  const program = argv[0];
  if (PYTHON_PROGRAMS.has(program)) return readPython(argv);
  if (program === 'find') return readFind(argv);
  const grammar = RUN_LIST.get(program);
  if (grammar === undefined || MODULE_ONLY.has(program)) return gate(unlistedProgram(argv));
  return readArgs(grammar, program, argv.slice(1));
}
