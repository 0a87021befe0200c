// `paddock check-command` (SPEC §2): the command policy's decision for scripts and corpora.
//   check-command --workspace DIR [--cwd REL] [--mode ask|edit|run] [--data-dir D] [--sandbox on|off] [--run-list-only] COMMAND
//   check-command --jsonl [--workspace DIR] [--cwd REL] [--mode M] [--data-dir D] [--sandbox on|off] [--run-list-only]  < objects
// prints one JSON line per decision:
//   {"tier":"auto"|"gated","reason":"…","argv":[…]|null,"code":"…","contained":true|false[,"parts":[…]]};
// `code` is the stable reason code (policy/types.ts GateCode, AutoCode) beside the sentence;
// `contained` whether the command would run in the sandbox; `parts` the simple commands of a
// command decided by the contained rule, the deciding one marked. --sandbox defaults to whether
// this machine can contain (bubblewrap or Seatbelt found, PADDOCK_SANDBOX not off); with it on, run
// mode decides by effect (policy/contained.ts) unless --run-list-only keeps seed 003 §5.
// COMMAND is every word after the options (option parsing stops at the first word that is not an
// option, or after `--`); several words are joined with single spaces, so a caller that wants an
// exact string passes it as one argument. No remembered commands are consulted here.
import path from 'node:path';
import { MODES, type Mode } from '../../shared/domain';
import { defaultDataDir, ownerHome } from '../environment';
import { classifyCommand } from '../policy/classify';
import { loadShellGrammar } from '../policy/shellGrammar';
import { IgnoreRules } from '../policy/ignoreRules';
import { detectSandbox } from '../sandbox/engine';
import type { CommandDecision } from '../policy/types';
import { validateWorkspaceRoot } from '../workspace/resolve';
import { inputLines } from './io';
import type { PathContext } from '../workspace/types';
import { secretInHistory } from '../git/historySecrets';

export interface CheckCommandIo {
  stdin: NodeJS.ReadableStream;
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  env: NodeJS.ProcessEnv;
}

interface Options {
  workspace?: string;
  cwd?: string;
  mode: Mode;
  dataDir?: string;
  jsonl: boolean;
  /** Whether the agent's commands run contained; undefined: whether this machine can contain. */
  sandbox?: boolean;
  runListOnly: boolean;
  command: string[];
}

const USAGE =
  'usage: paddock check-command --workspace DIR [--cwd REL] [--mode ask|edit|run] [--data-dir D] [--sandbox on|off] [--run-list-only] COMMAND\n' +
  '       paddock check-command --jsonl [--workspace DIR] [--cwd REL] [--mode ask|edit|run] [--data-dir D] [--sandbox on|off] [--run-list-only] < lines\n';

const VALUE_OPTIONS = new Set(['--workspace', '--cwd', '--mode', '--data-dir', '--sandbox']);

function isMode(value: unknown): value is Mode {
  return typeof value === 'string' && (MODES as readonly string[]).includes(value);
}

/** `--help` among the options (not inside COMMAND, which starts at the first word that is not one). */
function asksForHelp(args: readonly string[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--help' || arg === '-h') return true;
    if (arg === '--' || !arg!.startsWith('--')) return false;
    if (VALUE_OPTIONS.has(arg!)) i++;
  }
  return false;
}

function parseOptions(args: readonly string[]): Options | string {
  const o: Options = { mode: 'run', jsonl: false, runListOnly: false, command: [] };
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      i++;
      break;
    }
    if (!arg!.startsWith('--')) break;
    if (arg === '--jsonl') {
      o.jsonl = true;
      continue;
    }
    if (arg === '--run-list-only') {
      o.runListOnly = true;
      continue;
    }
    const eq = arg!.indexOf('=');
    const name = eq >= 0 ? arg!.slice(0, eq) : arg;
    if (!VALUE_OPTIONS.has(name!)) return `unknown option ${arg}`;
    const value = eq >= 0 ? arg!.slice(eq + 1) : args[++i];
    if (value === undefined) return `${name} needs a value`;
    if (name === '--workspace') o.workspace = value;
    else if (name === '--cwd') o.cwd = value;
    else if (name === '--data-dir') o.dataDir = value;
    else if (name === '--sandbox') {
      if (value !== 'on' && value !== 'off') return `--sandbox must be on or off, not ${JSON.stringify(value)}`;
      o.sandbox = value === 'on';
    } else if (isMode(value)) o.mode = value;
    else return `--mode must be one of ${MODES.join(', ')}, not ${JSON.stringify(value)}`;
  }
  o.command = args.slice(i);
  if (o.jsonl) {
    if (o.command.length > 0) return 'with --jsonl the commands come from standard input, not the arguments';
    return o;
  }
  if (o.workspace === undefined) return '--workspace DIR is required';
  if (o.command.length === 0) return 'a COMMAND to check is required';
  return o;
}

interface Decider {
  contained: boolean;
  decide(workspace: string, cwd: string | undefined, mode: Mode, command: string): CommandDecision;
}

function makeDecider(
  home: string,
  dataDir: string,
  contained: { allowedDomains: string[]; runListOnly: boolean; privateTmp: boolean } | undefined,
): Decider {
  // One validation per workspace string per process: a corpus of thousands of lines repeats them.
  const roots = new Map<string, { ok: true; paths: PathContext } | { ok: false; reason: string }>();
  // The workspaces' .gitignore rules, compiled once per file version for the whole run.
  const rules = contained ? { ...contained, ignoreRules: new IgnoreRules() } : undefined;
  return {
    contained: contained !== undefined,
    decide(workspace, cwd, mode, command) {
      let root = roots.get(workspace);
      if (root === undefined) {
        // A relative workspace is relative to where the command runs, as for check-path and mcp.
        const v = validateWorkspaceRoot(path.resolve(workspace), { home, dataDir });
        root = v.ok ? { ok: true, paths: { workspace: v.path, home, dataDir } } : { ok: false, reason: v.reason };
        roots.set(workspace, root);
      }
      if (!root.ok) return { tier: 'gated', code: 'workspace-refused', reason: root.reason, argv: null };
      const ws = root.paths.workspace;
      const inRepo = rules ? { ...rules, historySecret: () => secretInHistory(ws) } : undefined;
      return classifyCommand(command, { paths: root.paths, cwd, mode, remembered: [], contained: inRepo });
    },
  };
}

/** One answer line; `contained`: whether the commands checked would run in the sandbox. */
function line(decision: CommandDecision, contained: boolean): string {
  const parts = decision.shellParts ? { parts: decision.shellParts } : {};
  return `${JSON.stringify({ tier: decision.tier, reason: decision.reason, argv: decision.argv, code: decision.code, contained, ...parts })}\n`;
}

function malformed(reason: string, contained: boolean): string {
  return line(
    { tier: 'gated', code: 'malformed-request', reason: `malformed request: ${reason}`, argv: null },
    contained,
  );
}

/** One line of --jsonl input → one answer line; never throws, never stops the stream. */
function answerLine(text: string, defaults: Options, decider: Decider): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return malformed('the line is not JSON', decider.contained);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return malformed('the line is not a JSON object', decider.contained);
  const req = value as Record<string, unknown>;
  const workspace = req.workspace ?? defaults.workspace;
  const cwd = req.cwd ?? defaults.cwd;
  // Only an absent field takes the default: a null or a wrong type is a doubt, and a doubt is gated.
  const mode = req.mode === undefined ? defaults.mode : req.mode;
  if (typeof workspace !== 'string') return malformed('workspace must be a string', decider.contained);
  if (cwd !== undefined && cwd !== null && typeof cwd !== 'string')
    return malformed('cwd must be a string', decider.contained);
  if (!isMode(mode)) return malformed(`mode must be one of ${MODES.join(', ')}`, decider.contained);
  if (typeof req.command !== 'string') return malformed('command must be a string', decider.contained);
  try {
    return line(
      decider.decide(workspace, typeof cwd === 'string' ? cwd : undefined, mode, req.command),
      decider.contained,
    );
  } catch (error) {
    return malformed(`the decision failed: ${(error as Error).message}`, decider.contained);
  }
}

export async function runCheckCommand(args: string[], io: CheckCommandIo): Promise<number> {
  if (asksForHelp(args)) {
    io.stdout.write(USAGE);
    return 0;
  }
  const options = parseOptions(args);
  if (typeof options === 'string') {
    io.stderr.write(`check-command: ${options}\n${USAGE}`);
    return 2;
  }
  const home = ownerHome(io.env);
  const dataDir = options.dataDir !== undefined ? path.resolve(options.dataDir) : defaultDataDir(io.env);
  const sandbox =
    options.sandbox ??
    detectSandbox({ disabledBy: io.env.PADDOCK_SANDBOX === 'off' ? 'PADDOCK_SANDBOX=off' : null }).available;
  if (sandbox && !options.runListOnly) {
    // The contained rule reads shell forms with the grammar; without it they are cards (shellForm.ts).
    await loadShellGrammar().catch((error: Error) =>
      io.stderr.write(`check-command: the shell grammar did not load (${error.message}); shell forms are cards\n`),
    );
  }
  // On Linux the sandbox is bubblewrap, whose /tmp is the agent's own directory (macOS's Seatbelt keeps the machine's).
  const decider = makeDecider(
    home,
    dataDir,
    sandbox
      ? { allowedDomains: [], runListOnly: options.runListOnly, privateTmp: process.platform === 'linux' }
      : undefined,
  );
  if (!options.jsonl) {
    io.stdout.write(
      line(
        decider.decide(options.workspace as string, options.cwd, options.mode, options.command.join(' ')),
        decider.contained,
      ),
    );
    return 0;
  }
  for await (const text of inputLines(io.stdin)) {
    io.stdout.write(answerLine(text, options, decider));
  }
  return 0;
}
