// From a model's command string to a spawnable command (SPEC §6 `run`, `start`): the policy's one
// lexer (the argv classified is the argv spawned), the cwd as the call's preparation resolved it
// once inside the workspace (the classifier's rule), the program resolved to an absolute file on the workspace's
// captured PATH (never in the workspace), and the environment Paddock builds.
import fs from 'node:fs';
import path from 'node:path';
import { lexCommand, type LexResult } from '../policy/lexer';
import type { CwdResolution } from '../policy/paths';
import { resolveInsideWorkspace } from '../workspace/resolve';
import type { PathContext } from '../workspace/types';
import { findOnPath } from './shellPath';
import { venvProgramProblem } from '../policy/virtualenv';

export interface PreparedCommand {
  /** The argv as the lexer split it (argv[0] as written). */
  argv: string[];
  program: string;
  args: string[];
  /** Absolute, inside the workspace. */
  cwd: string;
  /** Relative to the workspace ('.' for the root), for cards and results. */
  cwdShown: string;
  env: Record<string, string>;
  /** Whether the project's virtualenv's bin/ was put first on PATH. */
  venvOnPath?: boolean;
  /** `/bin/sh -c` reads the command (run mode in the sandbox, policy/contained.ts). */
  shell?: boolean;
  /** The program file as found (dev, ino, size, mtime): checked again just before it is spawned. */
  identity?: ProgramIdentity;
}

export interface ProgramIdentity {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
}

/** The identity of the file a program path names (links followed, as exec follows them), or null. */
export function programIdentity(program: string): ProgramIdentity | null {
  try {
    const st = fs.statSync(program);
    return { dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs };
  } catch {
    return null;
  }
}

/**
 * Null when the program is still the file that was found (and shown on the card); else the refusal:
 * a program replaced or changed between the decision and the run is not run.
 */
export function programChanged(command: PreparedCommand): string | null {
  if (command.identity === undefined) return null;
  const now = programIdentity(command.program);
  const then = command.identity;
  if (
    now !== null &&
    now.dev === then.dev &&
    now.ino === then.ino &&
    now.size === then.size &&
    now.mtimeMs === then.mtimeMs
  )
    return null;
  return `refused: the program ${command.program} changed between the decision and the run (replaced, changed or removed); it was not run. Call again to decide on what is there now.`;
}

export type Prepared = { ok: true; command: PreparedCommand } | { ok: false; status: number; error: string };

function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The program: a bare name is looked up on the captured PATH only. A name with a slash is never a
 * run-list program (the classifier gates it), so it reaches here only after a card: a relative one
 * must still resolve inside the workspace with the `run` rule; an absolute one must exist.
 */
function resolveProgram(
  name: string,
  capturedPath: string,
  paths: PathContext,
  cwdShown: string,
): string | { error: string } {
  if (!name.includes('/')) {
    const found = findOnPath(name, capturedPath, { workspace: paths.workspace });
    return (
      found ?? {
        error: `\`${name}\` was not found on the workspace's PATH (${capturedPath}); the PATH was captured from your login shell when the workspace was approved`,
      }
    );
  }
  let file = name;
  if (!path.isAbsolute(name)) {
    const inside = resolveInsideWorkspace(paths, {
      path: name,
      for: 'run',
      cwd: cwdShown === '.' ? undefined : cwdShown,
    });
    if (!inside.ok) return { error: inside.reason };
    file = inside.path;
  }
  return isExecutableFile(file) ? file : { error: `\`${name}\` is not an executable file` };
}

/** The project's virtualenv (issue 24 §4) and which commands get its bin/ first on PATH. */
export interface VenvOptions {
  venv: string;
  /** Commands that run the project's code anyway (test runners, package scripts, make). */
  firstOnPath(argv: readonly string[]): boolean;
}

/**
 * The virtualenv's own program for this argv, or null: `pytest` and `python(3) -m pytest|unittest`
 * when bare (the venv's bin/ comes first), and the venv's pytest or python spelled as a path (which
 * the policy allowed, or the owner approved). The python is run by its path in the venv, never its
 * real path, so that Python finds the venv's pyvenv.cfg and site-packages.
 */
function venvResolution(
  argv: readonly string[],
  venv: string,
  cwdAbsolute: string,
  workspace: string,
): string | { error: string } | null {
  const [name] = argv;
  if (name!.includes('/')) {
    const absolute = path.resolve(cwdAbsolute, name!);
    const problem = venvProgramProblem(absolute, venv, workspace);
    if (problem === 'not-venv') return null;
    return problem === null ? absolute : { error: `refused: ${problem}` };
  }
  const bare =
    name === 'pytest' ||
    ((name === 'python' || name === 'python3') && argv[1] === '-m' && (argv[2] === 'pytest' || argv[2] === 'unittest'));
  if (!bare) return null;
  const own = path.join(venv, 'bin', name);
  return fs.existsSync(own) && venvProgramProblem(own, venv, workspace) === null ? own : null;
}

export function prepareCommand(
  command: string,
  /** The command's directory, resolved once by the caller (policy/paths.ts resolveCommandCwd). */
  where: CwdResolution,
  paths: PathContext,
  capturedPath: string,
  env: Record<string, string>,
  venv?: VenvOptions,
  /** The lexer's words when the caller has read the command already (one lex per call). */
  lexed: LexResult = lexCommand(command),
): Prepared {
  if (!lexed.ok) {
    return {
      ok: false,
      status: 400,
      error: `refused: run has no shell, so it runs only plain commands (${lexed.reason}). Use separate calls instead of pipes or chains.`,
    };
  }
  if (!where.ok) return { ok: false, status: 403, error: where.reason };
  const [name, ...args] = lexed.argv;
  const fromVenv = venv ? venvResolution(lexed.argv, venv.venv, where.absolute, paths.workspace) : null;
  if (fromVenv !== null && typeof fromVenv !== 'string') return { ok: false, status: 403, error: fromVenv.error };
  const program = fromVenv ?? resolveProgram(name!, capturedPath, paths, where.relative);
  if (typeof program !== 'string') return { ok: false, status: 404, error: program.error };
  // As editors do: the venv's bin/ first, so a script's `python -m pytest` finds the project's pytest.
  const venvFirst = venv !== undefined && (fromVenv !== null || venv.firstOnPath(lexed.argv));
  const childEnv = venvFirst
    ? { ...env, PATH: `${path.join(venv.venv, 'bin')}${path.delimiter}${env.PATH ?? capturedPath}` }
    : env;
  return {
    ok: true,
    command: {
      argv: lexed.argv,
      program,
      args,
      cwd: where.absolute,
      cwdShown: where.relative,
      env: childEnv,
      venvOnPath: venvFirst,
      identity: programIdentity(program) ?? undefined,
    },
  };
}
