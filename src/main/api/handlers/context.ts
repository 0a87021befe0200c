import type { Agent } from '../../../shared/domain';
import type { CoreApi } from '../coreApi';
import { pathContextFor, type PathContext } from '../../workspace/types';
import { ApiRefusal } from '../router';

export interface HostCapabilities {
  host: 'electron' | 'web';
  version: string;
  /** Electron: the system folder dialog. The web host has none: the owner types a path. */
  pickDirectory?: () => Promise<string | null>;
  /** Electron: the preview in its own view with its own session, so its cookie is first-party (SPEC §9). */
  previewView?: {
    show(key: string, ticketUrl: () => Promise<string>, bounds: { x: number; y: number; width: number; height: number }): void;
    hide(): void;
  };
}

export function requireAgent(core: CoreApi, agentId: string): Agent {
  const agent = core.agents.get(agentId);
  if (!agent) throw new ApiRefusal('not-found', 'there is no such agent');
  return agent;
}

export function requireWorkspace(core: CoreApi, agentId: string): PathContext {
  const agent = requireAgent(core, agentId);
  const workspace = core.workspaces.get(agent.id);
  if (!workspace) throw new ApiRefusal('refused', `${agent.handle} has no workspace yet`);
  return pathContextFor(workspace, core.options);
}
