import type { Agent } from '../../../shared/domain';
import type { AgentView } from '../../../shared/ipc';
import { listModels } from '../../agent/providers/modelList';
import { keyNeededFor } from '../../agent/providers';
import type { CoreApi } from '../coreApi';
import { AgentHandleTakenError, type NewAgent } from '../../store/agents';
import { ApiRefusal, type Handlers } from '../router';
import { ownerNewAgent } from '../../agent/defaultAgent';
import { requireAgent, type HostCapabilities } from './context';
import { keyDestinationQuestion, newKeyDestination } from '../../agent/keyDestination';
import { runsAnyCommand } from '../../dispatch/registry';

function createOrRefuse(core: CoreApi, input: NewAgent): Agent {
  try {
    return core.agents.create(input);
  } catch (error) {
    if (error instanceof AgentHandleTakenError) throw new ApiRefusal('conflict', error.message);
    throw error;
  }
}

export function agentView(core: CoreApi, agent: Agent): AgentView {
  const workspace = core.workspaces.get(agent.id);
  return {
    ...agent,
    workspace,
    runsAnyCommand: runsAnyCommand(core.installed, agent, workspace, core.options.env.PATH),
    vocabulary: core.vocabularyFor(agent.id),
    hasApiKey: core.secrets.get(agent.id) !== null,
    needsApiKey: core.secrets.get(agent.id) === null && keyNeededFor(agent, core.options.env),
  };
}

type AgentCalls =
  | 'agents.list'
  | 'agents.create'
  | 'agents.update'
  | 'agents.models'
  | 'agents.remove'
  | 'agents.vocabulary'
  | 'agents.setApiKey'
  | 'agents.clearApiKey'
  | 'workspaces.set'
  | 'workspaces.pickDirectory';

export function agentHandlers(core: CoreApi, host: HostCapabilities): Pick<Handlers, AgentCalls> {
  const changed = (): void => core.events.emit({ type: 'agents.changed' });
  return {
    'agents.list': () => core.agents.list().map((agent) => agentView(core, agent)),
    'agents.create': (request) => {
      const agent = createOrRefuse(core, ownerNewAgent(request));
      changed();
      return agentView(core, agent);
    },
    'agents.models': (request) => listModels(requireAgent(core, request.agentId), core.secrets, core.options.env),
    'agents.update': (request) => {
      const { agentId, confirmKeyTo, ...patch } = request;
      const current = requireAgent(core, agentId);
      // A stored key follows the base URL: a new destination is the owner's to confirm, by name.
      const destination = newKeyDestination(current.baseUrl, patch.baseUrl);
      if (destination !== null && core.secrets.get(current.id) !== null && confirmKeyTo !== destination) {
        throw new ApiRefusal('conflict', keyDestinationQuestion(current.handle, destination));
      }
      const agent = core.agents.update(agentId, patch);
      if (!agent) throw new ApiRefusal('not-found', 'there is no such agent');
      changed();
      return agentView(core, agent);
    },
    'agents.remove': async (request) => {
      await core.removeAgent(request.agentId);
      changed();
      return { removed: true };
    },
    'agents.vocabulary': (request) => core.vocabularyFor(requireAgent(core, request.agentId).id),
    'agents.setApiKey': (request) => {
      const agent = requireAgent(core, request.agentId);
      core.secrets.set(agent.id, request.apiKey);
      changed();
      return agentView(core, agent);
    },
    'agents.clearApiKey': (request) => {
      const agent = requireAgent(core, request.agentId);
      core.secrets.delete(agent.id);
      changed();
      return agentView(core, agent);
    },
    'workspaces.set': async (request) => {
      const agent = requireAgent(core, request.agentId);
      const assigned = await core.assignment.assign(agent.id, request.directory);
      if (!assigned.ok) throw new ApiRefusal('refused', assigned.reason);
      changed();
      return agentView(core, agent);
    },
    'workspaces.pickDirectory': async () => {
      if (!host.pickDirectory) throw new ApiRefusal('unsupported', 'this window has no folder dialog: type the directory’s path');
      return { directory: await host.pickDirectory() };
    },
  };
}
