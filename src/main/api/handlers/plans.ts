import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';

// Plans the agent proposed and the owner's answer; the conversation's task list; slash commands.
export function planHandlers(core: CoreApi): Pick<Handlers, 'plans.list' | 'plans.answer' | 'todos.list' | 'commands.list' | 'commands.accept' | 'commands.run'> {
  return {
    'plans.list': (request) => core.listPlans(request.conversationId),
    'plans.answer': (request) => core.answerPlan(request),
    'todos.list': (request) => core.listTodos(request.conversationId),
    'commands.list': (request) => core.listSlashCommands(request.agentId),
    'commands.accept': (request) => core.acceptSlashCommand(request),
    'commands.run': (request) => core.runSlashCommand(request),
  };
}
