// Which calls may change the workspace's files (issue 20 §1): the first such call of a turn records
// the workspace before it runs. A command may write unless it is known read-only: a plain command
// whose program is one of the run list's read-only rows (READ_ONLY_PROGRAMS, policy/runList.ts) and
// whose arguments that row's grammar accepts.
import { assertNever, isMcpToolName, type AnyToolName } from '../../shared/domain';
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

function commandOf(args: unknown): string | null {
  if (!args || typeof args !== 'object') return null;
  const command = (args as Record<string, unknown>).command;
  return typeof command === 'string' ? command : null;
}

export function callMayChangeFiles(tool: AnyToolName, args: unknown): boolean {
  // An MCP server's tool: Paddock cannot know what it changes.
  if (isMcpToolName(tool)) return true;
  switch (tool) {
    case 'write':
    case 'edit':
    // A shell line, or a process that keeps running after the call: never known read-only.
    case 'bash':
    case 'start':
      return true;
    case 'run': {
      const command = commandOf(args);
      return command === null || commandMayWrite(command);
    }
    case 'git': {
      // Only a stash push changes the working files; commit, branch and init change .git alone.
      const record = (args ?? {}) as Record<string, unknown>;
      return record.action === 'stash' && record.op === 'push';
    }
    case 'read':
    case 'list':
    case 'search':
    case 'summarise':
    case 'output':
    case 'stop':
    case 'screenshot':
    case 'preview':
    case 'workspace':
    // A helper's answer: the helper gets no tool, so nothing on disk changes.
    case 'delegate':
      return false;
    default:
      return assertNever(tool);
  }
}
