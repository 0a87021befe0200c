// The core's answer to the window (issue 15 item 2): every owner action as one method of CoreApi,
// built from the core's services by domain. core.ts composes it; the hosts hand it to the handlers.
import type { CoreApi } from '../api/coreApi';
import { agentActions } from './agents';
import { conversationActions } from './conversations';
import { delegationActions } from './delegation';
import { taskActions } from './tasks';
import type { CoreServices } from './services';
import { workspaceActions } from './workspace';

export type { CoreServices } from './services';
export { EDITOR_KEY } from './workspace';
export { NO_SANDBOX_WARNING, SETUP_DONE_KEY } from './agents';

export function createOwnerApi(core: CoreServices): CoreApi {
  return { ...agentActions(core), ...conversationActions(core), ...delegationActions(core), ...taskActions(core), ...workspaceActions(core) };
}
