// The core's answer to the window: one object per contract domain, each built in its own file from
// the core's services. core.ts builds it; the router dispatches every call to the method of its name.
// A domain missing here, or a call without its method, fails the typecheck (CoreApi, api/coreApi.ts).
import type { CoreApi } from '../api/coreApi';
import { agentsCalls } from './agents';
import { appCalls } from './app';
import { attentionCalls } from './attention';
import { budgetsCalls } from './budgets';
import { cardsCalls } from './cards';
import { checkpointsCalls } from './checkpoints';
import { conversationsCalls } from './conversations';
import { filesCalls } from './files';
import { mcpCalls } from './mcp';
import { modelsCalls } from './models';
import { ownerCalls } from './owner';
import { previewCalls } from './preview';
import { processesCalls } from './processes';
import { rememberedCalls } from './remembered';
import { repositoriesCalls } from './repositories';
import { screenshotsCalls } from './screenshots';
import type { CoreServices } from './services';
import { settingsCalls } from './settings';
import { summaryCalls } from './summary';
import { terminalCalls } from './terminal';
import { testsCalls } from './tests';
import { toolCallsCalls } from './toolCalls';
import { workspacesCalls } from './workspaces';

export type { CoreServices } from './services';
export { EDITOR_KEY } from './summary';
export { NO_SANDBOX_WARNING, SETUP_DONE_KEY } from './app';

export function createOwnerApi(core: CoreServices): CoreApi {
  return {
    agents: agentsCalls(core),
    app: appCalls(core),
    attention: attentionCalls(core),
    budgets: budgetsCalls(core),
    cards: cardsCalls(core),
    checkpoints: checkpointsCalls(core),
    conversations: conversationsCalls(core),
    files: filesCalls(core),
    mcp: mcpCalls(core),
    models: modelsCalls(core),
    owner: ownerCalls(core),
    preview: previewCalls(core),
    processes: processesCalls(core),
    remembered: rememberedCalls(core),
    repositories: repositoriesCalls(core),
    screenshots: screenshotsCalls(core),
    settings: settingsCalls(core),
    summary: summaryCalls(core),
    terminal: terminalCalls(core),
    tests: testsCalls(core),
    toolCalls: toolCallsCalls(core),
    workspaces: workspacesCalls(core),
  };
}
