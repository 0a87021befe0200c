// The commits the agent made through the git tool (issue 17): on a branch with no base to diff
// against, Summary's "agent's work" runs from before the agent's first commit still on the branch.
export const migration013 = {
  version: 13,
  name: 'agent_commits',
  sql: `
CREATE TABLE agent_commits (
  directory TEXT NOT NULL,
  commit_sha TEXT NOT NULL CHECK (length(commit_sha) BETWEEN 40 AND 64),
  agent_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (directory, commit_sha)
) STRICT;
`,
};
