import { randomUUID } from 'node:crypto';
import type { CoreApi } from '../coreApi';
import { cloneRepository, createEmptyRepository } from '../../git/connect';
import { connectRepository } from '../../owner/workspaceAssignment';
import { ApiRefusal, type Handlers } from '../router';
import { agentView } from './agents';
import { requireAgent } from './context';

// Connected repositories (seed 000): cloned or created under <data>/repositories/<id>/agent, which
// AC-9 accepts as a workspace; a failed clone leaves nothing behind.
export function repositoryHandlers(core: CoreApi): Pick<Handlers, 'repositories.clone' | 'repositories.create'> {
  async function gitBinary(): Promise<string> {
    const git = core.findGit(await core.capturedPath());
    if (!git) throw new ApiRefusal('refused', 'git was not found on your login shell’s PATH');
    return git;
  }
  async function connect(agentId: string, directory: string) {
    const agent = requireAgent(core, agentId);
    const connected = await connectRepository(core.assignment, agent.id, directory);
    if (!connected.ok) throw new ApiRefusal('refused', connected.reason);
    core.events.emit({ type: 'agents.changed' });
    return agentView(core, agent);
  }
  return {
    'repositories.clone': async (request) => {
      const agent = requireAgent(core, request.agentId);
      const projectId = randomUUID();
      try {
        const { directory } = await cloneRepository({
          gitBinary: await gitBinary(),
          url: request.url,
          dataDir: core.options.dataDir,
          projectId,
          sshAuthSock: core.options.env.SSH_AUTH_SOCK,
          onProgress: (progress) =>
            core.events.emit({ type: 'repositories.progress', agentId: agent.id, line: `${progress.phase} ${progress.percent}%` }),
        });
        return await connect(agent.id, directory);
      } catch (error) {
        if (error instanceof ApiRefusal) throw error;
        throw new ApiRefusal('refused', (error as Error).message);
      }
    },
    'repositories.create': async (request) => {
      requireAgent(core, request.agentId);
      const { directory } = await createEmptyRepository({ gitBinary: await gitBinary(), dataDir: core.options.dataDir, projectId: randomUUID() });
      return connect(request.agentId, directory);
    },
  };
}
