// An agent as the window shows it (agents, workspaces and repositories answer with it), and the
// event that tells every window the list changed.
import type { Agent } from '../../shared/domain';
import type { AgentView } from '../../shared/ipc';
import { keyNeededFor, defaultBaseUrlOf } from '../agent/providers';
import { runsAnyCommand } from '../dispatch/registry';
import type { CoreServices } from './services';

export function agentView(core: CoreServices, agent: Agent): AgentView {
  const workspace = core.workspaces.get(agent.id);
  return {
    ...agent,
    workspace,
    runsAnyCommand: runsAnyCommand(core.installed, agent, workspace, core.options.env.PATH),
    vocabulary: core.vocabularyFor(agent.id),
    hasApiKey: core.secrets.get(agent.id) !== null,
    needsApiKey: core.secrets.get(agent.id) === null && keyNeededFor(agent, core.options.env),
    defaultBaseUrl: defaultBaseUrlOf(agent.provider, core.options.env),
  };
}

export function agentsChanged(core: CoreServices): void {
  core.events.emit({ type: 'agents.changed' });
}
