// What a process start is, before anything starts (SPEC §6, §14): the command (an absolute program,
// never looked up here), why it starts, the sandbox seam that rewrites it, and the one error every
// start reports in. spawn.ts starts them; nothing here starts a process.
import fs from 'node:fs';
import path from 'node:path';

export interface Command {
  /** Absolute path of the program; never looked up here. */
  program: string;
  /** The arguments after the program (argv[1..]). */
  args: string[];
  cwd: string;
  env: Record<string, string>;
}

/**
 * Why a process starts. The agent's own (run, start, bash) are contained by the wrapper; the rest
 * are Paddock's or the owner's: git (hardened runner), search (ripgrep on a held directory),
 * bridge (the preview's socat), browser (screenshots), opener, probe (engine detection), owner /
 * terminal (PATH capture, Pull, Run tests, the owner's terminal), and checkpoint (Paddock's own git
 * on its shadow repository, issue 20), and mcp (an MCP server the owner added for an agent, issue
 * 21: contained like the agent's commands). git (the git tool's), search and checkpoint read the
 * workspace for the agent: they run in the reader sandbox (sandbox.readerWrapperFor) when one exists.
 */
export type SpawnPurpose =
  | 'run'
  | 'start'
  | 'bash'
  | 'terminal'
  | 'owner'
  | 'git'
  | 'search'
  | 'bridge'
  | 'browser'
  | 'opener'
  | 'probe'
  | 'checkpoint'
  | 'mcp';

/**
 * The sandbox seam: rewrites a command before it starts (e.g. into `bwrap … -- program args`).
 * Identity until the OS sandbox lands; 'owner' commands (capturing PATH) are the owner's own.
 */
export type CommandWrapper = (command: Command, purpose: SpawnPurpose) => Command;

export const identityWrapper: CommandWrapper = (command) => command;

export class SpawnError extends Error {}

export function checkCommand(command: Command): void {
  if (!path.isAbsolute(command.program)) {
    throw new SpawnError(`refused: the program must be an absolute path, not \`${command.program}\``);
  }
}

export function spawnFailure(program: string, error: NodeJS.ErrnoException, cwd: string): SpawnError {
  const why =
    error.code === 'ENOENT'
      ? `the program or the directory ${cwd} does not exist`
      : error.code === 'EACCES'
        ? 'it is not executable'
        : error.message;
  return new SpawnError(`could not start ${program}: ${why}`);
}

/** Why a start failed without a code of its own: the directory or the program, by access(2). */
export function accessCode(command: Command): string {
  try {
    fs.accessSync(command.cwd);
    fs.accessSync(command.program, fs.constants.X_OK);
    return 'UNKNOWN';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? 'UNKNOWN';
  }
}
