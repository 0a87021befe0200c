import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';

// Tasks (issue 34): the owner starts, reviews, archives and deletes them.
export function taskHandlers(core: CoreApi): Pick<Handlers, 'tasks.list' | 'tasks.start' | 'tasks.archive' | 'tasks.delete' | 'tasks.summary'> {
  return {
    'tasks.list': () => core.listTasks(),
    'tasks.start': (request) => core.startTask(request),
    'tasks.archive': (request) => core.archiveTask(request.taskId),
    'tasks.delete': (request) => core.deleteTask(request.taskId),
    'tasks.summary': (request) => core.taskSummary(request.taskId),
  };
}
