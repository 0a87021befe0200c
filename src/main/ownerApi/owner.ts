// The owner's own actions on the project: Pull and Run tests, as the owner, under the project lock.
import { CoreRefusal, type DomainApi } from '../api/coreApi';
import { runOwnerPull, runOwnerTests } from '../owner/ownerActions';
import { isInside } from '../sandbox/profile';
import { requireAgentWorkspace } from './lookups';
import type { CoreServices } from './services';

export function ownerCalls(core: CoreServices): DomainApi<'owner'> {
  return {
    async pull(request) {
      const { agentId } = request;
      const { workspace } = requireAgentWorkspace(core, agentId);
      // Pull's checkout writes files as the owner: never while contained code could swap a folder of
      // the workspace for a link (into ~/.ssh, say), which git would follow.
      const running = core.sandbox.longLivedIn(workspace.directory);
      if (running > 0) {
        const names = core.supervisor
          .list()
          .filter((row) => row.status === 'running' && isInside(workspace.directory, row.cwd))
          .map((row) => `\`${row.name}\``);
        const which = names.length > 0 ? `the agent's ${names.join(', ')}` : `${running} of the agent's processes`;
        throw new CoreRefusal(
          'conflict',
          `Pull writes files in this folder as you, and ${which} still ${running === 1 ? 'runs' : 'run'} in it: contained code could swap a folder for a link while git writes, and git would follow it out of the folder. Stop ${running === 1 ? 'it' : 'them'} (Processes), then pull.`,
        );
      }
      const result = await runOwnerPull(core.lock, workspace, {
        dataDir: core.options.dataDir,
        sshAuthSock: core.options.env.SSH_AUTH_SOCK,
      });
      if (!result.ok) throw new CoreRefusal('conflict', result.reason);
      core.events.emit({ type: 'summary.changed', agentId });
      return { ok: result.exitCode === 0, output: result.output };
    },
    async runTests(request) {
      const { agent, workspace } = requireAgentWorkspace(core, request.agentId);
      const ownerEnv = { home: core.options.home, from: core.options.env };
      const result = await runOwnerTests(
        core.lock,
        workspace,
        request.command,
        ownerEnv,
        (run) => core.testRuns.ownerRunFinished(run),
        core.ledger,
      );
      if (!result.ok) throw new CoreRefusal(result.code, result.reason);
      core.events.emit({ type: 'summary.changed', agentId: agent.id });
      return { ok: result.exitCode === 0, output: result.output };
    },
  };
}
