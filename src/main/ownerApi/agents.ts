// The owner's actions on the instance and its agents (issue 15 item 2): switches, Tailscale, the
// sandbox choices, the first run, agents with their defaults, keys and workspaces, connected
// repositories. Every rule the window relies on lives here, behind CoreApi's methods.
import { randomUUID } from 'node:crypto';
import type { Agent } from '../../shared/domain';
import type { AgentView } from '../../shared/ipc';
import { CoreRefusal, type CoreApi, type CoreAppInfo } from '../api/coreApi';
import { ownerNewAgent } from '../agent/defaultAgent';
import { keyDestinationQuestion, newKeyDestination } from '../agent/keyDestination';
import { defaultBaseUrlOf, keyNeededFor } from '../agent/providers';
import { testConnection } from '../agent/providers/connectionTest';
import { listModels } from '../agent/providers/modelList';
import { restartRequired } from '../dispatch/switches';
import { runsAnyCommand } from '../dispatch/registry';
import { cloneRepository, createEmptyRepository } from '../git/connect';
import { connectRepository } from '../owner/workspaceAssignment';
import { DomainListRefusal } from '../sandbox/domains';
import { runningAsRootLine } from '../sandbox/engine';
import { AgentHandleTakenError, type NewAgent } from '../store/agents';
import { completeFolder, folderFacts } from '../workspace/folderFacts';
import { requireAgent } from './lookups';
import type { CoreServices } from './services';

export const SETUP_DONE_KEY = 'setup.done';

export const NO_SANDBOX_WARNING =
  "Nothing an agent runs is contained: its processes run as you, can read your files and credentials, and can read Paddock's own environment (/proc/<pid>/environ), API keys included when they were given as environment variables. Commands that run the project's code and every bash call are cards.";

type AgentActions =
  | 'appInfo'
  | 'saveSwitches'
  | 'setTailscale'
  | 'setAgentSandbox'
  | 'setSetupDone'
  | 'inspectFolder'
  | 'completeFolder'
  | 'listAgents'
  | 'createAgent'
  | 'updateAgent'
  | 'removeAgent'
  | 'listModels'
  | 'vocabulary'
  | 'setApiKey'
  | 'clearApiKey'
  | 'testConnection'
  | 'setWorkspace'
  | 'cloneRepository'
  | 'createRepository';

export function agentActions(core: CoreServices): Pick<CoreApi, AgentActions> {
  const changed = (): void => core.events.emit({ type: 'agents.changed' });

  function agentView(agent: Agent): AgentView {
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

  function createOrRefuse(input: NewAgent): Agent {
    try {
      return core.agents.create(input);
    } catch (error) {
      if (error instanceof AgentHandleTakenError) throw new CoreRefusal('conflict', error.message);
      throw error;
    }
  }

  /** Done once the owner finishes or skips it; PADDOCK_SKIP_SETUP=1 starts without it (scripted installs, the e2e suite). */
  const setupDone = (): boolean => core.options.env?.PADDOCK_SKIP_SETUP === '1' || core.settings.get<boolean>(SETUP_DONE_KEY, false);

  async function gitBinary(): Promise<string> {
    const git = core.findGit(await core.capturedPath());
    if (!git) throw new CoreRefusal('refused', 'git was not found on your login shell’s PATH');
    return git;
  }

  // Connected repositories (seed 000): cloned or created under <data>/repositories/<id>/agent, which
  // AC-9 accepts as a workspace; a failed clone leaves nothing behind.
  async function connect(agentId: string, directory: string): Promise<AgentView> {
    const agent = requireAgent(core, agentId);
    const connected = await connectRepository(core.assignment, agent.id, directory);
    if (!connected.ok) throw new CoreRefusal('refused', connected.reason);
    changed();
    return agentView(agent);
  }

  return {
    appInfo(): CoreAppInfo {
      const saved = { ...core.switches, ...core.savedSwitches() };
      const agents = core.agents.list();
      return {
        dataDir: core.options.dataDir,
        switches: core.switches,
        savedSwitches: saved,
        switchesFromEnvironment: core.switchesFromEnvironment,
        restartRequired: restartRequired(core.switches, saved),
        keyStorage: core.secrets.describe(),
        tailscale: { enabled: core.tailscaleEnabled(), statement: core.tailscaleStatement() },
        setupDone: setupDone(),
        sandbox: {
          contained: core.sandbox.contained,
          line: core.sandbox.describe(),
          warning: [core.sandbox.contained ? null : NO_SANDBOX_WARNING, runningAsRootLine()].filter((said) => said !== null).join(' ') || null,
          agents: Object.fromEntries(agents.map((agent) => [agent.id, core.sandboxChoicesFor(agent.id)])),
          agentLines: Object.fromEntries(agents.map((agent) => [agent.id, core.sandbox.describe(core.sandboxChoicesFor(agent.id).allowedDomains)])),
        },
      };
    },
    saveSwitches: (patch) => core.saveSwitches(patch),
    setTailscale: (enabled) => core.setTailscaleEnabled(enabled),
    setAgentSandbox(request) {
      const { agentId, ...choices } = request;
      requireAgent(core, agentId);
      try {
        core.setSandboxChoices(agentId, choices);
      } catch (error) {
        if (error instanceof DomainListRefusal) throw new CoreRefusal('bad-request', error.message);
        throw error;
      }
    },
    setSetupDone: (done) => core.settings.set(SETUP_DONE_KEY, done),
    inspectFolder: (directory) => folderFacts(directory, core.options.home, (resolved) => core.assignment.refusalOf(resolved)),
    completeFolder: (prefix) => ({ folders: completeFolder(prefix, core.options.home) }),

    listAgents: () => core.agents.list().map(agentView),
    createAgent(request) {
      const agent = createOrRefuse(ownerNewAgent(request));
      changed();
      return agentView(agent);
    },
    updateAgent(request) {
      const { agentId, confirmKeyTo, ...patch } = request;
      const current = requireAgent(core, agentId);
      // A stored key follows the base URL: a new destination is the owner's to confirm, by name.
      const destination = newKeyDestination(current.baseUrl, patch.baseUrl);
      if (destination !== null && core.secrets.get(current.id) !== null && confirmKeyTo !== destination) {
        throw new CoreRefusal('conflict', keyDestinationQuestion(current.handle, destination));
      }
      const agent = core.agents.update(agentId, patch);
      if (!agent) throw new CoreRefusal('not-found', 'there is no such agent');
      changed();
      return agentView(agent);
    },
    async removeAgent(agentId) {
      await core.removeAgent(agentId);
      changed();
    },
    listModels: (agentId) => listModels(requireAgent(core, agentId), core.secrets, core.options.env),
    vocabulary: (agentId) => core.vocabularyFor(requireAgent(core, agentId).id),
    setApiKey(agentId, apiKey) {
      const agent = requireAgent(core, agentId);
      core.secrets.set(agent.id, apiKey);
      changed();
      return agentView(agent);
    },
    clearApiKey(agentId) {
      const agent = requireAgent(core, agentId);
      core.secrets.delete(agent.id);
      changed();
      return agentView(agent);
    },
    testConnection: (agentId, apiKey) => testConnection(requireAgent(core, agentId), core.secrets, core.options.env, apiKey ? { apiKey } : {}),
    async setWorkspace(agentId, directory) {
      const agent = requireAgent(core, agentId);
      const assigned = await core.assignment.assign(agent.id, directory);
      if (!assigned.ok) throw new CoreRefusal('refused', assigned.reason);
      changed();
      return agentView(agent);
    },
    async cloneRepository(agentId, url) {
      const agent = requireAgent(core, agentId);
      try {
        const { directory } = await cloneRepository({
          gitBinary: await gitBinary(),
          url,
          dataDir: core.options.dataDir,
          projectId: randomUUID(),
          sshAuthSock: core.options.env.SSH_AUTH_SOCK,
          onProgress: (progress) =>
            core.events.emit({ type: 'repositories.progress', agentId: agent.id, line: `${progress.phase} ${progress.percent}%` }),
        });
        return await connect(agent.id, directory);
      } catch (error) {
        if (error instanceof CoreRefusal) throw error;
        throw new CoreRefusal('refused', (error as Error).message);
      }
    },
    async createRepository(agentId) {
      requireAgent(core, agentId);
      const { directory } = await createEmptyRepository({ gitBinary: await gitBinary(), dataDir: core.options.dataDir, projectId: randomUUID() });
      return connect(agentId, directory);
    },
  };
}
