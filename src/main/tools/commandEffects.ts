// Whether a command may change the workspace's files: it may unless it is certainly read-only
// (policy/commandReading.ts certainlyReadOnly: a plain command of one of the run list's read-only
// rows whose arguments that row's grammar accepts).
import { lexCommand } from '../policy';
import { certainlyReadOnly } from '../policy/commandReading';

/** True unless the command is certainly read-only. */
export function commandMayWrite(command: string): boolean {
  return !certainlyReadOnly(lexCommand(command));
}
