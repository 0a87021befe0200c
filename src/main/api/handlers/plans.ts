import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';

// Plans the agent proposed and the owner's answer; the conversation's task list.
export function planHandlers(core: CoreApi): Pick<Handlers, 'plans.list' | 'plans.answer' | 'todos.list'> {
  return {
    'plans.list': (request) => core.listPlans(request.conversationId),
    'plans.answer': (request) => core.answerPlan(request),
    'todos.list': (request) => core.listTodos(request.conversationId),
  };
}
