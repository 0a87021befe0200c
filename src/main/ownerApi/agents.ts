// The owner's agents: their defaults, their keys and where a key may be sent, their models.
import type { Agent } from '../../shared/domain';
import { CoreRefusal, type DomainApi } from '../api/coreApi';
import { ownerNewAgent } from '../agent/defaultAgent';
import { keyDestinationQuestion, newKeyDestination } from '../agent/keyDestination';
import { testConnection } from '../agent/providers/connectionTest';
import { listModels } from '../agent/providers/modelList';
import { AgentHandleTakenError, type NewAgent } from '../store/agents';
import { agentsChanged, agentView } from './agentView';
import { requireAgent } from './lookups';
import type { CoreServices } from './services';

export function agentsCalls(core: CoreServices): DomainApi<'agents'> {
  function createOrRefuse(input: NewAgent): Agent {
    try {
      return core.agents.create(input);
    } catch (error) {
      if (error instanceof AgentHandleTakenError) throw new CoreRefusal('conflict', error.message);
      throw error;
    }
  }
  const changedView = (agent: Agent) => {
    agentsChanged(core);
    return agentView(core, agent);
  };

  return {
    list: () => core.agents.list().map((agent) => agentView(core, agent)),
    create: (request) => changedView(createOrRefuse(ownerNewAgent(request))),
    update(request) {
      const { agentId, confirmKeyTo, ...patch } = request;
      const current = requireAgent(core, agentId);
      // A stored key follows the base URL: a new destination is the owner's to confirm, by name.
      const destination = newKeyDestination(current.baseUrl, patch.baseUrl);
      if (destination !== null && core.secrets.get(current.id) !== null && confirmKeyTo !== destination) {
        throw new CoreRefusal('conflict', keyDestinationQuestion(current.handle, destination));
      }
      const agent = core.agents.update(agentId, patch);
      if (!agent) throw new CoreRefusal('not-found', 'there is no such agent');
      return changedView(agent);
    },
    async remove(request) {
      await core.removeAgent(request.agentId);
      agentsChanged(core);
      return { removed: true };
    },
    models: (request) => listModels(requireAgent(core, request.agentId), core.secrets, core.options.env),
    vocabulary: (request) => core.vocabularyFor(requireAgent(core, request.agentId).id),
    setApiKey(request) {
      const agent = requireAgent(core, request.agentId);
      core.secrets.set(agent.id, request.apiKey);
      return changedView(agent);
    },
    clearApiKey(request) {
      const agent = requireAgent(core, request.agentId);
      core.secrets.delete(agent.id);
      return changedView(agent);
    },
    testConnection: (request) =>
      testConnection(
        requireAgent(core, request.agentId),
        core.secrets,
        core.options.env,
        request.apiKey ? { apiKey: request.apiKey } : {},
      ),
  };
}
