// Slash commands for the owner: the list (the composer and the palette), accepting a project
// command's text (pinned by its sha256), and running one: its text, $ARGUMENTS replaced, is the
// owner's message. A project command whose text the owner has not accepted is refused.
import { CoreRefusal, type DomainApi } from '../api/coreApi';
import { nameByFirstRequest } from '../agent/conversationTitle';
import { CommandRefusal } from '../owner/projectCommands';
import { requireAgent, requireAgentWorkspace } from './lookups';
import type { CoreServices } from './services';

function refusingCommand<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof CommandRefusal)
      throw new CoreRefusal(error.code === 'command-unknown' ? 'not-found' : 'conflict', error.message);
    throw error;
  }
}

export function commandsCalls(core: CoreServices): DomainApi<'commands'> {
  return {
    list(request) {
      requireAgent(core, request.agentId);
      return core.slashCommands.list(core.workspaces.get(request.agentId));
    },
    accept(request) {
      const { workspace } = requireAgentWorkspace(core, request.agentId);
      refusingCommand(() => core.slashCommands.accept(workspace, request.relPath, request.sha256));
      core.events.emit({ type: 'instructions.changed', agentId: request.agentId });
      return { accepted: true };
    },
    run(request) {
      const conversation = core.conversations.get(request.conversationId);
      if (!conversation) throw new CoreRefusal('not-found', 'there is no such conversation');
      const text = refusingCommand(() =>
        core.slashCommands.expand(core.workspaces.get(conversation.agentId), request.name, request.arguments),
      );
      if (text === '') throw new CoreRefusal('refused', `/${request.name} has no text to send`);
      if (nameByFirstRequest(core.conversations, conversation.id, text))
        core.events.emit({ type: 'conversations.changed', agentId: conversation.agentId });
      return {
        turnId: core.runner.startTurn({ agentId: conversation.agentId, conversationId: conversation.id, text }),
        text,
      };
    },
  };
}
