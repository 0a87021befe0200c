// Which calls may change the workspace's files (issue 20 §1): the first such call of a turn records
// the workspace before it runs. A command may write unless it is known read-only: a plain command
// whose program is one of the run list's read-only rows (READ_ONLY_PROGRAMS, policy/runList.ts) and
// whose arguments that row's grammar accepts.
import { assertNever, isMcpToolName, type AnyToolName } from '../../shared/domain';
import { lexCommand } from '../policy';
import { certainlyReadOnly } from '../policy/commandReading';
import type { PreparedCall } from '../tools/types';

/** True unless the command is certainly read-only. */
export function commandMayWrite(command: string): boolean {
  return !certainlyReadOnly(lexCommand(command));
}

function commandOf(args: unknown): string | null {
  if (!args || typeof args !== 'object') return null;
  const command = (args as Record<string, unknown>).command;
  return typeof command === 'string' ? command : null;
}

/** `prepared`: the call's one preparation, when the dispatcher has it (a command is then not read again). */
export function callMayChangeFiles(tool: AnyToolName, args: unknown, prepared?: PreparedCall): boolean {
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
      if (prepared?.mayChangeFiles !== undefined) return prepared.mayChangeFiles;
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
      return false;
    default:
      return assertNever(tool);
  }
}
