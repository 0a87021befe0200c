import type { CoreApi } from '../coreApi';
import { runOwnerPull, runOwnerTests } from '../../owner/ownerActions';
import { ApiRefusal, type Handlers } from '../router';
import { requireAgent } from './context';

export function ownerHandlers(core: CoreApi): Pick<Handlers, 'owner.pull' | 'owner.runTests'> {
  const workspaceOf = (agentId: string) => {
    const agent = requireAgent(core, agentId);
    const workspace = core.workspaces.get(agent.id);
    if (!workspace) throw new ApiRefusal('refused', `${agent.handle} has no workspace yet`);
    return { agent, workspace };
  };
  const env = { home: core.options.home, from: core.options.env };
  return {
    'owner.pull': async (request) => {
      const { workspace } = workspaceOf(request.agentId);
      const result = await runOwnerPull(core.lock, workspace, { dataDir: core.options.dataDir, sshAuthSock: core.options.env.SSH_AUTH_SOCK });
      if (!result.ok) throw new ApiRefusal('conflict', result.reason);
      core.events.emit({ type: 'summary.changed', agentId: request.agentId });
      return { ok: result.exitCode === 0, output: result.output };
    },
    'owner.runTests': async (request) => {
      const { agent, workspace } = workspaceOf(request.agentId);
      const result = await runOwnerTests(core.lock, workspace, request.command, env, (run) => core.recordTestRun(run), core.ledger);
      if (!result.ok) throw new ApiRefusal(result.code, result.reason);
      core.events.emit({ type: 'summary.changed', agentId: agent.id });
      return { ok: result.exitCode === 0, output: result.output };
    },
  };
}
