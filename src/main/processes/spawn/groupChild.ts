// A command in a process group of its own, so it can be ended whole, with Paddock's descriptors
// sealed from it (fdTable.ts).
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { sealed } from '../fdTable';
import { spawnFailure, type Command } from '../command';

/** A command in a process group of its own (so it can be ended whole); a synchronous failure as a SpawnError. */
export function spawnGroup(command: Command, stdio: StdioOptions): ChildProcess {
  try {
    return spawn(command.program, command.args, {
      cwd: command.cwd,
      env: command.env,
      detached: true,
      stdio: sealed(stdio),
      windowsHide: true,
    });
  } catch (error) {
    throw spawnFailure(command.program, error as NodeJS.ErrnoException, command.cwd);
  }
}
