// The agent's own commits: a call whose result is a commit is recorded against its workspace,
// so Summary knows where its work began on a branch without a base.
import type { AgentCommitsRepository } from '../store/agentCommits';
import type { GitCommitData } from '../tools/git';

export interface AgentCommitLog {
  /** Told of every call that succeeded; records the commit when it was the agent's git commit. */
  noteSucceeded(agentId: string, data: unknown): void;
  forDirectory(directory: string): ReadonlySet<string>;
}

export function createAgentCommitLog(
  commits: AgentCommitsRepository,
  directoryOf: (agentId: string) => string | null,
): AgentCommitLog {
  return {
    noteSucceeded(agentId, data) {
      const committed = data as Partial<GitCommitData> | undefined;
      // Known by the result the git tool returns for a commit (its data's kind), not by a tool's name.
      if (committed?.kind !== 'git-commit' || !committed.commit) return;
      const directory = directoryOf(agentId);
      if (directory) commits.record({ directory, commit: committed.commit, agentId });
    },
    forDirectory: (directory) => commits.forDirectory(directory),
  };
}
