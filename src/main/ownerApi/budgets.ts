// Spending limits: the limits Settings keeps, where a conversation stands against them, and
// "Continue anyway", which raises each reached limit once and sends the stored conversation again.
import { CoreRefusal, type DomainApi } from '../api/coreApi';
import { BudgetRefusal } from '../agent/budgets';
import { refusing } from './lookups';
import type { CoreServices } from './services';

export function budgetsCalls(core: CoreServices): DomainApi<'budgets'> {
  const requireConversation = (conversationId: string) => {
    const conversation = core.conversations.get(conversationId);
    if (!conversation) throw new CoreRefusal('not-found', 'there is no such conversation');
    return conversation;
  };
  return {
    get: () => core.budgets.settings(),
    set: (request) => refusing(BudgetRefusal, () => core.budgets.setSettings(request)),
    status(request) {
      const conversation = requireConversation(request.conversationId);
      return core.budgets.status(conversation.agentId, conversation.id);
    },
    continue(request) {
      const conversation = requireConversation(request.conversationId);
      if (core.runner.activeTurn(conversation.id))
        throw new CoreRefusal('refused', 'refused: a turn is already working in this conversation');
      const raised = core.budgets.raise(conversation.agentId, conversation.id);
      if (raised.length === 0)
        throw new CoreRefusal(
          'refused',
          'refused: no spending limit of this conversation is reached, so there is nothing to continue past',
        );
      return { turnId: core.runner.retryTurn({ agentId: conversation.agentId, conversationId: conversation.id }) };
    },
  };
}
