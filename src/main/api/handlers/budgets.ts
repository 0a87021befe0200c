import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';
import type { HostCapabilities } from './context';

type BudgetCalls = 'budgets.get' | 'budgets.set' | 'budgets.status' | 'budgets.continue' | 'attention.get' | 'attention.set' | 'attention.setCount';

// Spending limits and what needs the owner (issue 32); the badge is the host's (Electron's dock or taskbar).
export function budgetHandlers(core: CoreApi, host: HostCapabilities): Pick<Handlers, BudgetCalls> {
  return {
    'budgets.get': () => core.budgets(),
    'budgets.set': (request) => core.setBudgets(request),
    'budgets.status': (request) => core.budgetStatus(request.conversationId),
    'budgets.continue': (request) => core.continueOverBudget(request.conversationId),
    'attention.get': () => core.attentionSettings(),
    'attention.set': (request) => core.setAttentionSettings(request),
    'attention.setCount': (request) => {
      host.setBadgeCount?.(request.count);
      return { shown: host.setBadgeCount !== undefined };
    },
  };
}
