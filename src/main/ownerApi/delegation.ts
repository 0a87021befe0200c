// The owner's choice of helpers per agent (none by default), and a delegation as the window folds it.
// Picking helpers is the grant: the delegate scope follows the list (granted with one helper or
// more, taken back with none), so no second switch can disagree with it.
import type { Agent, HelpersView, Scope } from '../../shared/domain';
import { CoreRefusal, type DomainApi } from '../api/coreApi';
import { requireAgent } from './lookups';
import type { CoreServices } from './services';

function helpersView(core: CoreServices, agent: Agent): HelpersView {
  const known = new Set(core.agents.list().map((other) => other.id));
  return {
    agentId: agent.id,
    helpers: core.delegations.helpersOf(agent.id).filter((id) => known.has(id)),
    candidates: core.agents
      .list()
      .filter((other) => other.id !== agent.id)
      .map((other) => ({ id: other.id, handle: other.handle, name: other.name, model: other.model })),
  };
}

export function delegationCalls(core: CoreServices): DomainApi<'delegation'> {
  return {
    helpers: (request) => helpersView(core, requireAgent(core, request.agentId)),
    setHelpers(request) {
      const { helpers } = request;
      const agent = requireAgent(core, request.agentId);
      for (const helperId of helpers) {
        if (helperId === agent.id) throw new CoreRefusal('bad-request', `${agent.handle} cannot be its own helper`);
        if (!core.agents.get(helperId)) throw new CoreRefusal('not-found', 'one of the helpers is no longer an agent');
      }
      core.delegations.setHelpers(agent.id, helpers);
      const scopes: Scope[] = agent.scopes.filter((scope) => scope !== 'delegate');
      if (helpers.length > 0) scopes.push('delegate');
      core.agents.update(agent.id, { scopes });
      core.events.emit({ type: 'agents.changed' });
      return helpersView(core, agent);
    },
    get: (request) => core.delegations.get(request.callId),
  };
}
