import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';

// Slash commands: the list, accepting a project command's text, and running one.
export function commandHandlers(core: CoreApi): Pick<Handlers, 'commands.list' | 'commands.accept' | 'commands.run'> {
  return {
    'commands.list': (request) => core.listSlashCommands(request.agentId),
    'commands.accept': (request) => core.acceptSlashCommand(request),
    'commands.run': (request) => core.runSlashCommand(request),
  };
}
