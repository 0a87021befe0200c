// Every call of the contract, by domain. The compiler checks that none is missing.
import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';
import { agentHandlers } from './agents';
import { appHandlers } from './app';
import { cardHandlers } from './cards';
import { checkpointHandlers } from './checkpoints';
import type { HostCapabilities } from './context';
import { conversationHandlers } from './conversations';
import { delegationHandlers } from './delegation';
import { taskHandlers } from './tasks';
import { fileHandlers } from './files';
import { mcpHandlers } from './mcp';
import { modelHandlers } from './models';
import { ownerHandlers } from './owner';
import { previewHandlers } from './preview';
import { processHandlers } from './processes';
import { rememberedHandlers } from './remembered';
import { repositoryHandlers } from './repositories';
import { screenshotHandlers } from './screenshots';
import { setupHandlers } from './setup';
import { summaryHandlers } from './summary';
import { terminalHandlers } from './terminal';

export type { HostCapabilities } from './context';

export function createHandlers(core: CoreApi, host: HostCapabilities): Handlers {
  return {
    ...appHandlers(core, host),
    ...agentHandlers(core, host),
    ...cardHandlers(core),
    ...checkpointHandlers(core),
    ...conversationHandlers(core),
    ...delegationHandlers(core),
    ...taskHandlers(core),
    ...fileHandlers(core),
    ...mcpHandlers(core),
    ...modelHandlers(core),
    ...ownerHandlers(core),
    ...previewHandlers(core, host),
    ...processHandlers(core),
    ...rememberedHandlers(core),
    ...repositoryHandlers(core),
    ...screenshotHandlers(core),
    ...setupHandlers(core),
    ...summaryHandlers(core),
    ...terminalHandlers(core),
  };
}
