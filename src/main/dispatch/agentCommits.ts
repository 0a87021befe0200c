// The agent's own commits: a git call of the agent that committed is recorded against its workspace,
// so Summary knows where its work began on a branch without a base.
import type { AgentCommitsRepository } from '../store/agentCommits';
import type { GitCommitData } from '../tools/git';

export interface AgentCommitLog {
  /** Told of every call that succeeded; records the commit when it was the agent's git commit. */
  noteSucceeded(tool: string, agentId: string, data: unknown): void;
  forDirectory(directory: string): ReadonlySet<string>;
}

export function createAgentCommitLog(commits: AgentCommitsRepository, directoryOf: (agentId: string) => string | null): AgentCommitLog {
  return {
    noteSucceeded(tool, agentId, data) {
      const committed = data as Partial<GitCommitData> | undefined;
      if (tool !== 'git' || committed?.kind !== 'git-commit' || !committed.commit) return;
      const directory = directoryOf(agentId);
      if (directory) commits.record({ directory, commit: committed.commit, agentId });
    },
    forDirectory: (directory) => commits.forDirectory(directory),
  };
}
