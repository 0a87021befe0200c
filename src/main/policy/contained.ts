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
// Anything else runs contained without a card. This module reads what each command is; where its
// words land is containedPlaces.ts's, what it reaches and writes containedEffects.ts's, what it shows
// containedShown.ts's, where a `cd` moves it containedDirectories.ts's.
import { pathSession } from '../workspace/resolve';
import { commandDanger } from './danger';
import { FileView } from './containedFiles';
import { gitConfigProblem, gitGrepPatterns, gitMovedBy } from './containedGit';
import { judgeGitPlaces } from './containedGitPlaces';
import { PATTERN_FIRST, RUNS_OTHERS, SANDBOX_CANNOT, SHELLS } from './containedPrograms';
import { judgeAssignments } from './containedAssignments';
import { mentionsSecret } from './secretFiles';
import { INTERPRETERS } from './shellConstructs';
import { interpreterProgram } from './interpreterInput';
import { judgeAttachedValues } from './containedAttached';
import { lineCode, writtenCodeRuns } from './containedLineCode';
import { changesNothing, markWrittenUnread, writtenOnLine } from './containedLineWrites';
import type { ShellCommand, ShellWord } from './shellForm';
import { plainAsShForm } from './shellPlain';
import { readCommand, type CommandReading } from './commandReading';
import { resolveCommandCwd } from './paths';
import type { GateCode } from './types';
import {
  card,
  Card,
  insideOrCard,
  installedTool,
  outside,
  programName,
  SYSTEM_BIN,
  unwrap,
  type ContainedContext,
  type RedirectPlace,
  type Where,
} from './containedJudging';
import { judgeDeletes, judgeFindExec } from './containedLists';
import { judgeList } from './containedList';
import { readFind } from './fileLists';
import { judgeIndirectReads } from './containedIndirect';
import { codeOpensNames, inlineCodeProblem } from './inlineCode';
import { nonPathOperands, sqliteProblem } from './containedOperands';
import { inlineScript, judgeScript } from './containedShells';
import { codeCommandStarts, flagRunsCommand, innerCommandStarts, STARTS_READ } from './containedRunners';
import { gitSubcommand } from './containedNetwork';
import { directories } from './containedDirectories';
import { judgeNetwork, judgeWrites } from './containedEffects';
import { isEnvFileFlag, judgeShown } from './containedShown';
import { listedFilesAndLoaders } from './containedListed';
import { judgeConfigShown } from './containedConfigShown';
import { operandPlaces, redirectPlacesOf } from './containedPlaces';

export type { ContainedContext } from './containedJudging';

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
  /** sh would run exactly the lexer's argv (shellPlain.ts `plainAsShForm`), read from the same parse. */
  plain?: boolean;
};

const DEFAULT_CAP = 10 * 1024 * 1024;

/** How deep wrappers inside wrappers are read (`stdbuf -o0 uv run …`). */
const MAX_INNER_DEPTH = 4;

/** Programs commandDanger judges as destroyers here (its operands-outside rule is place-outside's). */
const DANGER_PROGRAMS = /^(rm|rmdir|shred|unlink|dd|truncate|wipefs|srm|git|find|mkfs(\..+)?)$/;

/** Python's modules that read their input as code: REPLs and debuggers. */
const REPL_MODULES =
  /^(code|pdb|asyncio|IPython|ipython|ptpython|bpython|idlelib|rlcompleter|_?pyrepl|trace|profile|cProfile)$/;

/**
 * Interpreters whose input is never their program here: awk's is in its words or -f (judged as a
 * script), sqlite's SQL is sqliteProblem's.
 */
const INPUT_IS_DATA = new Set(['awk', 'gawk', 'mawk', 'nawk', 'sqlite3', 'sqlite']);

/** Programs that open no file their words name. */
const TEXT_ONLY = new Set([
  'set',
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
  // git -C DIR runs git in DIR, each from the last, links followed as chdir follows them: judged as
  // `cd DIR && git …`, every place of its words from there.
  // The command judged again as another spelling of itself (its wrappers taken off).
  const judgeAs = (rewritten: Pick<ShellCommand, 'assignments' | 'words'>, at: Where = where): void =>
    judgeCommand({ ...cmd, ...rewritten }, at, view, ctx, connector, last, depth);
  if (program === 'git') {
    const moved = gitMovedBy(words, view, where);
    if (moved !== null) {
      judgeAs({ assignments: judged.assignments, words: moved.words }, moved.where);
      return;
    }
  }
  // An installed tool by path (node_modules/.bin/NAME, a virtualenv's bin/NAME) is judged as the
  // program of its name too: what that program's rules card (a loader printing .env, a deleter, an
  // output flag) is carded however it is spelled.
  const tool = installedTool(argv0!, view, where.cwd);
  if (tool !== null && tool !== program)
    judgeAs({ assignments: judged.assignments, words: [literalWord(tool), ...words.slice(1)] });
  // Code given as text of the line (a heredoc, a literal echo piped in, a script the line wrote):
  // judged as that interpreter's -c/-e code.
  const instead = lineCode(cmd, judged, program, view, where, depth);
  if (instead !== null) {
    for (const code of instead) judgeCommand(code, where, view, ctx, connector, last, depth);
    return;
  }
  // CARGO_TARGET_DIR=DIR is cargo's --target-dir DIR: judged as that (a place inside, emptied by cargo clean).
  const cargoTarget =
    program === 'cargo' ? judged.assignments.find((a) => a.name === 'CARGO_TARGET_DIR' && !a.value.tilde) : undefined;
  if (cargoTarget) {
    judgeAs({
      assignments: judged.assignments.filter((a) => a !== cargoTarget),
      words: [...words, literalWord(`--target-dir=${cargoTarget.value.value}`)],
    });
    return;
  }
  for (const code of writtenCodeRuns(cmd, judged, program, view, where))
    judgeCommand(code, where, view, ctx, 'start', last, depth);
  // Variables that change what the program loads, or name places.
  judgeAssignments(program, judged, view, where);
  // A virtualenv's activation runs the project's own code in this shell, as its bin/ programs do.
  if (program === 'source' || program === '.') {
    // (Where its output goes changes nothing it runs: `2>&1`, or a redirect the grammar hangs on the list.)
    const feeds = cmd.redirects.some(
      (r) =>
        !(
          r.kind === 'dup' ||
          (r.kind === 'file' && r.op !== '<' && (r.onList === true || r.target.value === '/dev/null'))
        ),
    );
    if (judged.assignments.length > 0 || feeds || argv.length !== 2)
      card('shell-construct', `\`${program}\` runs a file as shell code in this shell`);
    const place = insideOrCard(view, argv[1]!, where, `the script ${argv[1]}`);
    if (writtenOnLine(view, argv[1]!, where.cwd) !== null)
      card(
        'shell-construct',
        `\`${program}\` runs ${argv[1]}, which this line writes first, as shell code in this shell`,
      );
    if (place.kind !== 'inside' || !view.isVirtualenvActivate(place))
      card(
        'shell-construct',
        `\`${program}\` runs a file as shell code in this shell; only a virtualenv's bin/activate is read, and ${argv[1]} is not one`,
      );
    return;
  }
  // A script from a file (sed -f, awk -f) is code this rule does not read.
  if (
    (program === 'sed' || /^(awk|gawk|mawk|nawk)$/.test(program)) &&
    argv.some((w) => /^-[a-zA-Z]*f/.test(w) || w.startsWith('--file'))
  )
    card('shell-construct', `${program} -f runs a script from a file, which this rule does not read`);
  // What the program is: a construct that runs others, a service the sandbox cannot give.
  // (Asked only its version or help, it runs nothing.)
  const onlyAsksVersion = argv.length === 2 && /^(--version|-V|--help|-h)$/.test(argv[1]!);
  if (RUNS_OTHERS[program] && !onlyAsksVersion) card('shell-construct', RUNS_OTHERS[program]);
  // python -m timeit runs its statements: each is read as code given with -c.
  if ((program === 'python' || program === 'python3') && argv[1] === '-m' && argv[2] === 'timeit') {
    for (const statement of argv
      .slice(3)
      .filter((w, k, rest) => !w.startsWith('-') && !/^-[nrsup]$/.test(rest[k - 1] ?? ''))) {
      const runs = inlineCodeProblem('python3', statement);
      if (runs) card('shell-construct', `python -m timeit's statement: ${runs}`);
      for (const name of codeOpensNames(statement))
        insideOrCard(view, name, where, `the file ${name} python -m timeit's statement opens`);
      const named = mentionsSecret(statement);
      if (named)
        card(
          'shows-secret',
          `python -m timeit's statement names the secrets file ${named}, and what it prints goes to the model`,
        );
    }
  }
  judgeIndirectReads(cmd, program, argv, view, where);
  const runsThrough = flagRunsCommand(program, argv, program === 'git' ? gitSubcommand(argv.slice(1)) : []);
  if (runsThrough) card('shell-construct', `${runsThrough}, which this rule does not read`);
  if (program === 'flock' && argv.some((w) => w === '-c' || w === '--command' || w.startsWith('--command=')))
    card(
      'shell-construct',
      'flock -c runs a string as shell code, which this rule does not read; write the command itself',
    );
  // A runner or a wrapper runs a command of its words: each place it may start is judged as a command.
  const starts = innerCommandStarts(program, argv);
  if (starts.length > STARTS_READ)
    card('shell-construct', `${program} is given more words than this rule reads to find the command it runs`);
  // Any other program with a shell's or an interpreter's code among its words may run it.
  const runsFrom =
    starts.length > 0
      ? starts
      : !TEXT_ONLY.has(program) && !PATTERN_FIRST.has(program)
        ? codeCommandStarts(argv, programName)
        : [];
  if (runsFrom.length > 0 && depth >= MAX_INNER_DEPTH)
    card('shell-construct', `${program} runs a command inside another wrapper's, deeper than this rule reads`);
  for (const start of runsFrom) {
    const inner = words.slice(start);
    judgeCommand(
      { ...cmd, assignments: [], words: inner, text: inner.map((w) => w.value).join(' ') },
      where,
      view,
      ctx,
      connector,
      last,
      depth + 1,
    );
  }
  if (SANDBOX_CANNOT[program]) card('sandbox-cannot-give', `${program} ${SANDBOX_CANNOT[program]}`);
  if (program === 'docker' || program.startsWith('docker-'))
    card('sandbox-cannot-give', `${program} needs the Docker daemon, which the sandbox does not reach`);
  if (SHELLS.has(program)) {
    const script = inlineScript(program, words, connector, cmd.redirects);
    if (script !== null) {
      judgeScript(program, script, where, view, ctx, last, depth, (inner, cwd, innerLast, innerDepth) => {
        const { cwds } = directories(inner, cwd, view, { index: -1 }, false);
        judgeList(inner, cwds, view, ctx, innerLast, innerDepth, { index: -1 }, judgeCommand);
      });
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
      judgeFindExec(judged, cmd, where, view, ctx, connector, last, depth, judgeCommand);
      return;
    }
  }
  if (program === 'env' || program === 'timeout' || program === 'nice')
    card('shell-construct', `${program} wraps a command this rule could not read`);
  listedFilesAndLoaders(program, argv, view, where);
  if (program === 'sqlite3' || program === 'sqlite') {
    const fromInput =
      connector === '|' || cmd.redirects.some((r) => (r.kind === 'file' && r.op === '<') || r.kind === 'heredoc');
    const why = sqliteProblem(argv, fromInput);
    if (why) card('shell-construct', why);
  }
  // An interpreter given standard input (a pipe, `<`, a heredoc) with no script of its own, or with
  // one that names standard input, or past an option this rule does not read, runs that input as code.
  if (INTERPRETERS.has(program) && !INPUT_IS_DATA.has(program)) {
    const fromInput =
      connector === '|' || cmd.redirects.some((r) => (r.kind === 'file' && r.op === '<') || r.kind === 'heredoc');
    // Interactive (python -i, node -i) or a REPL module (python -m code), it reads its input as code
    // after any -c or -e.
    const interactive =
      /^(python[\d.]*|node|nodejs|bun|deno)$/.test(program) &&
      (argv.some((w) => w === '--interactive' || /^-[a-zA-Z]*i$/.test(w)) ||
        (argv.includes('-m') && REPL_MODULES.test(argv[argv.indexOf('-m') + 1] ?? '')));
    if (fromInput) {
      const runs = interpreterProgram(program, argv);
      if (interactive || runs.from === 'input')
        card('shell-construct', `${program} reads code from its standard input here, which this rule does not read`);
      if (runs.from === 'unread')
        card(
          'shell-construct',
          `${program} ${runs.option} is an option this rule does not read, so whether ${program} runs its standard input as code cannot be told`,
        );
      if (runs.from === 'script' && view.place(argv[runs.index]!, where.cwd).kind === 'sandbox')
        card(
          'shell-construct',
          `${program} runs ${argv[runs.index]}, a file of the sandbox's own that may be its standard input, as code this rule does not read`,
        );
    }
  }
  // find -name … -delete deletes what its names keep: judged by what no checkpoint holds among them.
  const findDeletes = program === 'find' && argv.includes('-delete') ? readFind(argv) : null;
  if (findDeletes?.ok && findDeletes.list.filter) {
    judgeDeletes(findDeletes.list, 'find -delete', where, view);
  } else if (DANGER_PROGRAMS.test(program) && (program !== 'find' || argv.includes('-delete'))) {
    // The destroyers stay danger cards.
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
    for (const i of gitGrepPatterns(argv)) patterns.add(i);
    for (const i of judgeGitPlaces(argv, view, where)) patterns.add(i);
    gitConfigProblem(argv);
  }
  // bash reads the name after printf -v and test -v as a variable, and runs what an array subscript in it holds.
  const namesVariable =
    program === 'printf'
      ? argv.slice(1).find((w) => /^-[vR]/.test(w))
      : program === 'test' || program === '['
        ? argv.slice(1).find((w) => /^-[vR]$/.test(w))
        : undefined;
  if (namesVariable)
    card('shell-construct', `${program} ${namesVariable} reads a name as a variable, which bash evaluates`);
  // echo, printf and true open nothing: their words are text (a redirect of theirs is still judged).
  const textOnly = TEXT_ONLY.has(program) || (program === 'command' && /^-[vV]$/.test(argv[1] ?? ''));
  const codeWrites: RedirectPlace[] = [];
  const places = operandPlaces(program, judged, { patterns, code }, textOnly, view, where, codeWrites);
  const redirectPlaces = [...redirectPlacesOf(cmd, view, where), ...codeWrites];
  // What the code writes, a command after it that runs the file runs unread (`python3 -c "open('t.sh', 'w')…" && sh t.sh`).
  for (const write of codeWrites) if (write.place.kind === 'inside') markWrittenUnread(view, write.place.abs);
  judgeNetwork(program, argv, textOnly, view, where, ctx);
  const heredoc = cmd.redirects.find((r) => r.kind === 'heredoc');
  judgeWrites(
    program,
    argv,
    places,
    redirectPlaces,
    view,
    where,
    last,
    heredoc?.kind === 'heredoc' ? heredoc.body : null,
  );
  // A wrapper's words from where its command may start are that command's, judged as it (above).
  // (Its --env-file's value is its own wherever it stands: `uv run --env-file .env env`.)
  const ownPlaces =
    starts.length > 0 ? places.filter((p) => p.index < starts[0]! || isEnvFileFlag(argv, p.index)) : places;
  judgeShown(program, argv, ownPlaces, redirectPlaces, patterns, values, view, where);
  judgeConfigShown(program, argv, view, where);
  if (!textOnly) judgeAttachedValues(program, argv, view, where);
}

/** A word of literal text, as sh reads a bare name. */
function literalWord(value: string): ShellWord {
  return { value, parts: [{ text: value, quoted: false }], glob: false, tilde: false };
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
    // What the secrets files hold now is what a search reads only when no other command on the line
    // may write first (`printf zzz >> key.json && grep -r -B9 zzz .`): every other one a search, a `cd`,
    // or a command the run list's read-only rows admit (commandReading.ts certainlyReadOnly).
    view.literalSearchReadsNow = commands.every(changesNothing);
    view.namesIgnoreFile = /\.(rg|ag|git)?ignore\b/.test(command);
    view.historySecret = ctx.historySecret;
    const { cwds } = directories(commands, here.absolute, view, at);
    judgeList(commands, cwds, view, ctx, true, 0, at, judgeCommand);
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
