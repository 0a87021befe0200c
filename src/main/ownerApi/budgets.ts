// The owner's spending limits and notification choices (issue 32): the rules behind CoreApi's methods.
import { CoreRefusal, type CoreApi } from '../api/coreApi';
import { BudgetRefusal } from '../agent/budgets';
import { refusing } from './lookups';
import type { CoreServices } from './services';

type BudgetActions = 'budgets' | 'setBudgets' | 'budgetStatus' | 'continueOverBudget' | 'attentionSettings' | 'setAttentionSettings';

export function budgetActions(core: CoreServices): Pick<CoreApi, BudgetActions> {
  const requireConversation = (conversationId: string) => {
    const conversation = core.conversations.get(conversationId);
    if (!conversation) throw new CoreRefusal('not-found', 'there is no such conversation');
    return conversation;
  };
  return {
    budgets: () => core.budgets.settings(),
    setBudgets: (request) => refusing(BudgetRefusal, () => core.budgets.setSettings(request)),
    budgetStatus(conversationId) {
      const conversation = requireConversation(conversationId);
      return core.budgets.status(conversation.agentId, conversation.id);
    },
    continueOverBudget(conversationId) {
      const conversation = requireConversation(conversationId);
      if (core.runner.activeTurn(conversation.id)) throw new CoreRefusal('refused', 'refused: a turn is already working in this conversation');
      const raised = core.budgets.raise(conversation.agentId, conversation.id);
      if (raised.length === 0) throw new CoreRefusal('refused', 'refused: no spending limit of this conversation is reached, so there is nothing to continue past');
      return { turnId: core.runner.retryTurn({ agentId: conversation.agentId, conversationId: conversation.id }) };
    },
    attentionSettings: () => core.attention.get(),
    setAttentionSettings: (request) => core.attention.set(request),
  };
}
