// The lookups every owner action starts with, and their refusals in the owner's words.
import type { Agent, Workspace } from '../../shared/domain';
import { CoreRefusal } from '../api/coreApi';
import { pathContextFor, type PathContext } from '../workspace/types';
import type { CoreServices } from './services';

export function requireAgent(core: CoreServices, agentId: string): Agent {
  const agent = core.agents.get(agentId);
  if (!agent) throw new CoreRefusal('not-found', 'there is no such agent');
  return agent;
}

/** The agent and its workspace; without one the action is refused. */
export function requireAgentWorkspace(
  core: CoreServices,
  agentId: string,
  missing = 'has no workspace yet',
): { agent: Agent; workspace: Workspace } {
  const agent = requireAgent(core, agentId);
  const workspace = core.workspaces.get(agent.id);
  if (!workspace) throw new CoreRefusal('refused', `${agent.handle} ${missing}`);
  return { agent, workspace };
}

export function requirePathContext(core: CoreServices, agentId: string): PathContext {
  return pathContextFor(requireAgentWorkspace(core, agentId).workspace, core.options);
}

/** Runs work; an error of the given kind becomes a refusal the owner reads, anything else stays an internal error. */
export function refusing<T>(kind: new (...args: never[]) => Error, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof kind) throw new CoreRefusal('refused', error.message);
    throw error;
  }
}

export async function refusingAsync<T>(kind: new (...args: never[]) => Error, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof kind) throw new CoreRefusal('refused', error.message);
    throw error;
  }
}
