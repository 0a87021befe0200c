// Connected repositories (seed 000): cloned or created under <data>/repositories/<id>/agent, which
// is accepted as a workspace; a failed clone leaves nothing behind.
import { randomUUID } from 'node:crypto';
import type { AgentView } from '../../shared/ipc';
import { CoreRefusal, type DomainApi } from '../api/coreApi';
import { cloneRepository, createEmptyRepository } from '../git/connect';
import { connectRepository } from '../owner/workspaceAssignment';
import { agentsChanged, agentView } from './agentView';
import { requireAgent } from './lookups';
import type { CoreServices } from './services';

export function repositoriesCalls(core: CoreServices): DomainApi<'repositories'> {
  async function gitBinary(): Promise<string> {
    const git = core.findGit(await core.capturedPath());
    if (!git) throw new CoreRefusal('refused', 'git was not found on your login shell’s PATH');
    return git;
  }

  async function connect(agentId: string, directory: string): Promise<AgentView> {
    const agent = requireAgent(core, agentId);
    const connected = await connectRepository(core.assignment, agent.id, directory);
    if (!connected.ok) throw new CoreRefusal('refused', connected.reason);
    agentsChanged(core);
    return agentView(core, agent);
  }

  return {
    async clone(request) {
      const agent = requireAgent(core, request.agentId);
      try {
        const { directory } = await cloneRepository({
          gitBinary: await gitBinary(),
          url: request.url,
          dataDir: core.options.dataDir,
          projectId: randomUUID(),
          sshAuthSock: core.options.env.SSH_AUTH_SOCK,
          onProgress: (progress) =>
            core.events.emit({
              type: 'repositories.progress',
              agentId: agent.id,
              line: `${progress.phase} ${progress.percent}%`,
            }),
        });
        return await connect(agent.id, directory);
      } catch (error) {
        if (error instanceof CoreRefusal) throw error;
        throw new CoreRefusal('refused', (error as Error).message);
      }
    },
    async create(request) {
      requireAgent(core, request.agentId);
      const { directory } = await createEmptyRepository({
        gitBinary: await gitBinary(),
        dataDir: core.options.dataDir,
        projectId: randomUUID(),
      });
      return connect(request.agentId, directory);
    },
  };
}
