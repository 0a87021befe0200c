import type { CoreApi } from '../coreApi';
import { ownerTestArgv, runOwnerCommand, runOwnerPull } from '../../owner/ownerActions';
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
      const argv = ownerTestArgv(request.command);
      if (!argv.ok) throw new ApiRefusal('bad-request', argv.reason);
      const result = await runOwnerCommand(core.lock, workspace, "the owner's test run", argv.argv, env);
      if (!result.ok) throw new ApiRefusal('conflict', result.reason);
      core.recordTestRun({ agentId: agent.id, directory: workspace.directory, argv: argv.argv, exitCode: result.exitCode, output: result.output });
      core.events.emit({ type: 'summary.changed', agentId: agent.id });
      return { ok: result.exitCode === 0, output: result.output };
    },
  };
}
