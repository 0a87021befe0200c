// Whether a command may change the workspace's files: it may unless it is known read-only, a plain
// command whose program is one of the run list's read-only rows (READ_ONLY_PROGRAMS,
// policy/runList.ts, read by the sandbox too) and whose arguments that row's grammar accepts.
import { lexCommand, READ_ONLY_PROGRAMS, readGrammar } from '../policy';

/** True unless the command is certainly read-only. */
export function commandMayWrite(command: string): boolean {
  const lexed = lexCommand(command);
  if (!lexed.ok) return true;
  const program = lexed.argv[0];
  // A path (./ls, /tmp/cat) is some other program, whatever its name.
  if (!READ_ONLY_PROGRAMS.has(program)) return true;
  return !readGrammar(lexed.argv).ok;
}
