// The decision (seed 003 §3, §5; SPEC §5, §7): whether a command runs without a card.
// ask gates every command; edit gates every command the owner has not remembered; run consults,
// in order, the owner's remembered commands, the two file-dependent allowances and the table.
// Every path the table accepts is then resolved with the `run` rule before anything is auto.
// When the agent's commands run in the sandbox (ctx.contained) and the agent is not set to "Run
// list only", run decides by effect instead (contained.ts), and the whole runs with /bin/sh -c.
import { plainAsShForm } from './shellPlain';
import { readCommand, type CommandReading } from './commandReading';
import { assertNever } from '../../shared/domain';
import { fileAllowance } from './allowances';
import { decideContained } from './contained';
import { readGrammar } from './grammar';
import { pathSession, type PathSession } from '../workspace/resolve';
import { checkPaths, resolveCommandCwd, type CwdResolution } from './paths';
import { describeRemembered, matchesRemembered } from './remembered';
import type { ClassifyContext, CommandDecision, GateCode, RememberedCommand } from './types';
import { venvProgram } from './virtualenv';

function gated(code: GateCode, reason: string, argv: string[] | null): CommandDecision {
  return { tier: 'gated', code, reason, argv };
}

/** Only entries bound to this workspace directory count (a moved workspace starts with nothing). */
function rememberedHere(argv: string[], ctx: ClassifyContext): RememberedCommand | null {
  const workspace = ctx.paths.workspace;
  return matchesRemembered(
    argv,
    ctx.remembered.filter((entry) => entry.directory === workspace),
  );
}

function resolveCwdSafely(ctx: ClassifyContext): CwdResolution {
  try {
    return ctx.where ?? resolveCommandCwd(pathSession(ctx.paths), ctx.cwd);
  } catch (error) {
    return {
      ok: false,
      code: 'undecidable',
      reason: `the working directory could not be checked (${(error as Error).message}), so it asks`,
    };
  }
}

/** The programs whose answer can turn on files in the command's directory (seed 003 §5). */
const FILE_DEPENDENT = new Set(['npm', 'pnpm', 'yarn', 'bun', 'npx']);

function byRunList(argv: string[], ctx: ClassifyContext): CommandDecision {
  // The grammar is pure and cheap; the cwd walk touches the filesystem, so it is done once, and only
  // when an answer depends on it. Nothing is auto before the cwd itself has been resolved. One
  // session per decision: the deny list is looked up once and a shared prefix is walked once.
  let session: PathSession | undefined;
  let here: CwdResolution | undefined;
  if (FILE_DEPENDENT.has(argv[0]!)) {
    session = pathSession(ctx.paths, true);
    here = ctx.where ?? resolveCommandCwd(session, ctx.cwd);
    if (!here.ok) return gated(here.code, here.reason, argv);
    const allowance = fileAllowance(argv, session, here.absolute, here.relative);
    if (allowance.applies) {
      return allowance.tier === 'auto'
        ? { tier: 'auto', code: allowance.code, reason: allowance.reason, argv }
        : gated(allowance.code, allowance.reason, argv);
    }
  }
  // The project's virtualenv's pytest and python are read as the table's rows (policy/virtualenv.ts).
  let table = argv;
  let venvShown: string | null = null;
  if (ctx.venv && argv[0]!.includes('/')) {
    session ??= pathSession(ctx.paths, true);
    here ??= ctx.where ?? resolveCommandCwd(session, ctx.cwd);
    if (!here.ok) return gated(here.code, here.reason, argv);
    const venv = venvProgram(argv, ctx.venv, here.absolute, ctx.paths.workspace);
    if (venv.applies && 'refused' in venv) return gated('not-on-run-list', venv.refused, argv);
    if (venv.applies) [table, venvShown] = [venv.argv, venv.shown];
  }
  const verdict = readGrammar(table);
  if (!verdict.ok) return gated(verdict.code, verdict.reason, argv);
  session ??= pathSession(ctx.paths, true);
  here ??= ctx.where ?? resolveCommandCwd(session, ctx.cwd);
  if (!here.ok) return gated(here.code, here.reason, argv);
  const pathProblem = checkPaths(session, here.relative, verdict.checks);
  if (pathProblem !== null) return gated(pathProblem.code, pathProblem.reason, argv);
  const how = venvShown ? `${verdict.summary} with the project's virtualenv (${venvShown})` : verdict.summary;
  return { tier: 'auto', code: 'on-run-list', reason: `on the run list: ${how}`, argv };
}

/** Run mode in the sandbox: the decision by effect, its parts on the card. */
function byEffect(
  reading: CommandReading,
  ctx: ClassifyContext,
  contained: NonNullable<ClassifyContext['contained']>,
): CommandDecision {
  const { command, lexed } = reading;
  const d = decideContained(
    command,
    {
      paths: ctx.paths,
      cwd: ctx.cwd,
      where: ctx.where,
      allowedDomains: contained.allowedDomains,
      maxFileBytes: contained.maxFileBytes,
      privateTmp: contained.privateTmp,
      ignoreRules: contained.ignoreRules,
      ownPorts: contained.ownPorts,
      historySecret: contained.historySecret,
    },
    reading,
  );
  // What is spawned: the argv itself when sh would run exactly it, else the shell reading the command, in the sandbox.
  // (A gated decision's argv is what the card shows: the same rule, from the same parse.)
  const plain = d.tier === 'auto' ? d.plain === true : plainAsShForm(command, reading.form(), lexed);
  const argv = plain && lexed.ok ? lexed.argv : ['/bin/sh', '-c', command];
  const shared = { reason: d.reason, argv, shellParts: d.parts };
  if (d.tier === 'auto') return { tier: 'auto', code: d.code, ...shared };
  return { tier: 'gated', code: d.code, ...shared, ...(d.domains ? { domains: d.domains } : {}) };
}

/** The decision for `command`; `reading`: the call's one reading of it (policy/commandReading.ts), when the caller has it. */
export function classifyCommand(
  command: string,
  ctx: ClassifyContext,
  reading: CommandReading = readCommand(command),
): CommandDecision {
  const { lexed } = reading;
  const contained = ctx.mode === 'run' && ctx.contained && !ctx.contained.runListOnly ? ctx.contained : null;
  if (contained) {
    // A remembered command is one plain argv, matched as before; everything else is decided by effect.
    const remembered = lexed.ok ? rememberedHere(lexed.argv, ctx) : null;
    if (!remembered) return byEffect(reading, ctx, contained);
  }
  const argv = lexed.ok ? lexed.argv : null;
  switch (ctx.mode) {
    case 'plan':
      // The dispatcher refuses every command in plan mode before it is classified; were one asked, it asks.
      return gated('ask-mode', 'plan mode runs no command; it would ask first', argv);
    case 'ask':
      // Never auto in ask, remembered or not (seed 003 §3).
      return gated(
        'ask-mode',
        lexed.ok ? 'ask mode asks before every command' : `ask mode asks before every command; ${lexed.reason}`,
        argv,
      );
    case 'edit':
    case 'run': {
      if (!lexed.ok) return gated('not-plain', lexed.reason, null);
      const remembered = rememberedHere(lexed.argv, ctx);
      if (remembered) {
        // A remembered command is bound to the workspace, so it runs only inside it: a cwd that
        // climbs out (or through a link) would run the owner's "npm test" in somebody else's tree.
        const here = resolveCwdSafely(ctx);
        if (!here.ok) return gated(here.code, here.reason, lexed.argv);
        return {
          tier: 'auto',
          code: 'remembered',
          reason: `you allowed ${describeRemembered(remembered.kind, remembered.argv)} in this workspace`,
          argv: lexed.argv,
          rememberedId: remembered.id,
        };
      }
      if (ctx.mode === 'edit')
        return gated(
          'edit-mode',
          'edit mode asks before every command you have not allowed in this workspace',
          lexed.argv,
        );
      try {
        return byRunList(lexed.argv, ctx);
      } catch (error) {
        // A filesystem surprise is a card, never an exception and never an auto.
        return gated(
          'undecidable',
          `the run list could not decide (${(error as Error).message}), so it asks`,
          lexed.argv,
        );
      }
    }
    default:
      return assertNever(ctx.mode);
  }
}
