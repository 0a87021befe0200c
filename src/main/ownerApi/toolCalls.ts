// The agent's tool calls in one conversation, as their rows show them.
import type { DomainApi } from '../api/coreApi';
import type { CoreServices } from './services';

export function toolCallsCalls(core: CoreServices): DomainApi<'toolCalls'> {
  return {
    list: (request) => core.toolCalls.listForConversation(request.conversationId),
  };
}
